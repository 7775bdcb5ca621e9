/**
 * Issue 27 item 8: the reply says what the turn's check says. An edit the engine cannot make leaves
 * the template as it was, and the reply's check of it is the turn's own: the template checked
 * against itself as the base (src/agent/offline-provider.ts, src/agent/turn-request-check.ts), so
 * the reply lists no "broader than you asked" finding for a rule the template had before the turn
 * that the final `requestCheck` does not list. Driven through the real IaC agent and offline engine.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/a2a/types";
import { message, turn } from "./helpers/suite-turns";

describe("issue 27 item 8: an edit not made is checked as the final check is", () => {
  it("'throttle port 8443 please' on a template with port 80 open: the port named as missing, no finding of the template's own port 80", async () => {
    const history: Message[] = [];
    const first = await turn("3 web servers behind an SLB in Beijing", history);
    history.push(message("ROLE_USER", "3 web servers behind an SLB in Beijing", "u-0"), message("ROLE_AGENT", first.reply, "a-0"));
    const edit = await turn("throttle port 8443 please", history);
    expect(edit.template).toBeUndefined();
    expect(edit.check?.notExpressed).toEqual([{ kind: "port", text: "8443", reason: "missing" }]);
    expect(edit.check?.broader).toEqual([]);
    expect(edit.reply).toContain("could not tell what to change");
    expect(edit.reply).toContain("`8443` (port): not found in the template");
    expect(edit.reply).not.toContain("Broader than you asked");
  });
});
