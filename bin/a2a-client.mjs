#!/usr/bin/env node
import { main, A2AClientError } from "../src/client/a2a-client.mjs";

// A reader that stops early (`| head`) is not an error: end quietly.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const known = error instanceof A2AClientError;
    process.stderr.write(`a2a-client: ${known ? error.message : String(error)}\n`);
    process.exit(error?.code === "usage" ? 2 : 1);
  },
);
