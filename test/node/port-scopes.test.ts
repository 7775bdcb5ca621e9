/**
 * Issue 27 items 3 and 7: which words of a request are said of which port (src/iac/read/port-scopes.ts),
 * read from the lexer's tokens for both the generator and the check's "never broader than asked".
 */
import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/iac/kinds/vocabulary";
import { insideOnlyPorts, portScopes } from "../../src/iac/read/port-scopes";

const inside = (text: string) => [...insideOnlyPorts(tokenize(text))].sort((a, b) => a - b);

describe("issue 27 item 3: a port kept inside the VPC is read with its own words", () => {
  it.each([
    ["VPC 10.0.0.0/16 with one ECS, open 8080 to the VPC only and 443 to everyone", [8080]],
    ["open 8080 to the VPC only, 443 to everyone", [8080]],
    ["two servers; 8080 仅内网访问，443 对公网开放", [8080]],
    ["open 22 and 9000 internal only, 80 and 443 publicly", [22, 9000]],
    ["open 80 and 443 to everyone", []],
    ["8080 only from 10.0.0.0/8", []],
    ["仅内网开放 8080", [8080]],
    ["2台ECS，公网SLB，监听80转发到后端8080，RDS MySQL 8.0 100G，白名单只放VPC", []],
  ])("'%s' keeps %j inside", (text, ports) => {
    expect(inside(text)).toEqual(ports);
  });

  it("a chain owns the words after it up to the next chain; the clause's words before it only when it comes first", () => {
    const scopes = portScopes(tokenize("open 8080 to the VPC only and 443 to everyone"));
    expect(scopes.map((scope) => [scope.ports, scope.words.map((word) => word.text).join(" ")])).toEqual([
      [[8080], "open to the VPC only and"],
      [[443], "to everyone"],
    ]);
  });

  it("a clause end stops the words: 'Open 8080 to the VPC only. Open 443.' leaves 443 open", () => {
    expect(inside("Open 8080 to the VPC only. Open 443.")).toEqual([8080]);
  });

  it("one pass: a request of 5,000 ports chained to one scope is read linearly", () => {
    const ports = Array.from({ length: 5_000 }, (_, index) => 10_000 + index).join(", ");
    expect(insideOnlyPorts(tokenize(`open ${ports} to the VPC only`)).size).toBe(5_000);
  });
});
