#!/usr/bin/env node
import { main, A2AClientError } from "../src/client/a2a-client.mjs";

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`a2a-client: ${error instanceof A2AClientError || error?.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
