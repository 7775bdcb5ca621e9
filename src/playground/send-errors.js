// A send that failed, said in words (issue 28 item 1): the server is down or unreachable, it wants
// credentials (401) or refuses them (403), it is rate limiting (429, with the time to wait), the
// message is too large (413), or an A2A error with its message. The composer keeps the typed text,
// so the person fixes the cause and sends again.
import { RpcError, Unreachable } from "./api.js";

export function explainSendError(error) {
  if (error instanceof Unreachable) {
    return `The server at ${error.origin} cannot be reached — is it running? (npm run dev). Your message is kept: send it again when the server is up.`;
  }
  if (error instanceof RpcError) {
    if (error.status === 401) return "The server needs credentials (HTTP 401): choose the scheme under Auth above, enter them, press Use, then send again.";
    if (error.status === 403) return `The server refused these credentials (HTTP 403${error.detail ? `: ${error.detail}` : ""}); check them under Auth above.`;
    if (error.status === 429) {
      const wait = error.retryAfter !== undefined ? `retry in ${error.retryAfter} s` : "retry in a little while";
      return `Rate limited (HTTP 429): too many requests from this client — ${wait}. Your message is kept.`;
    }
    if (error.status === 413) return "The message is too large for the server (HTTP 413): shorten it or attach the file to the workspace instead.";
    if (error.status !== undefined && error.status >= 500) return `The server failed (HTTP ${error.status}): ${error.detail}. Your message is kept.`;
    return `The server refused the message: ${error.detail} (${error.code}).`;
  }
  return `Sending failed: ${error?.message ?? String(error)}. Your message is kept.`;
}
