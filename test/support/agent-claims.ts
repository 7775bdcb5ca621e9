/**
 * What the fake model server's `agent-claims` scenario writes and says (issue 27 items 1 and 8),
 * apart from the server so the Worker tests can read it without Node's modules: a template with a
 * VPC on 192.168.0.0/16 and one port-443 rule, then a claim that every value of the request is in
 * it, whatever the request asked. The server's own request check decides what the reply opens with.
 */
export const AGENT_CLAIMS_TEMPLATE = [
  "ROSTemplateFormatVersion: '2015-09-01'",
  "Resources:",
  "  Vpc:",
  "    Type: ALIYUN::ECS::VPC",
  "    Properties:",
  "      CidrBlock: 192.168.0.0/16",
  "  SecurityGroup:",
  "    Type: ALIYUN::ECS::SecurityGroup",
  "    Properties:",
  "      VpcId: {Ref: Vpc}",
  "      SecurityGroupIngress:",
  "        - IpProtocol: tcp",
  "          PortRange: 443/443",
  "          SourceCidrIp: 0.0.0.0/0",
  "",
].join("\n");

/** The answer after the write, as streamed text pieces; the second piece is the claim. */
export const AGENT_CLAIMS_TEXT = {
  en: ["Wrote network.yaml. ", "All values you gave are in the template. ", "Deploy it with ROS."],
  zh: ["已写入 network.yaml。", "你给出的所有值都已在模板中。", "可以用 ROS 部署。"],
};
