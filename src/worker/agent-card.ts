/**
 * The Agent Card (contract §5, spec §4.4): name `iac-code`, the JSON-RPC interface at the public
 * URL, capabilities, input/output modes, the four skills, security schemes, and the extended card
 * for authenticated callers. Built, serialized, hashed and signed once per base URL per isolate.
 */
import type { Config } from "../config/config";
import { DEFAULT_MULTIMODAL_MEDIA_TYPES, DEFAULT_TEXT_MEDIA_TYPES } from "../a2a/input-media-types";
import { MAX_WS_IN_FLIGHT, MAX_WS_MESSAGE_BYTES, WS_PING, WS_PONG } from "./websocket-limits";
import { isAuthConfigured } from "./auth";
import { GENERATION_EXTENSION } from "../a2a/generation";
import { cardSecurity, v1SecurityView } from "./card-security";

export const AGENT_VERSION = "0.1.0";
export const ARTIFACT_METADATA_EXTENSION = "urn:iac-code:a2a:artifact-metadata:v1";
export const THINKING_EXPOSURE_EXTENSION = "urn:iac-code:a2a:thinking-exposure:v1";

const DESCRIPTION = "AI-powered Infrastructure as Code assistant for Alibaba Cloud ROS and Terraform workflows.";
const UNAUTHENTICATED_NOTE = " Unauthenticated A2A server mode is intended for trusted local environments.";
const PUSH_NOTE = " Push notifications deliver task updates to registered webhooks whenever a turn ends.";

export const TEXT_INPUT_MODES = DEFAULT_TEXT_MEDIA_TYPES;
export const MULTIMODAL_INPUT_MODES = DEFAULT_MULTIMODAL_MEDIA_TYPES;

interface Skill {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
}

const SKILLS: Skill[] = [
  {
    id: "iac_generation",
    name: "IaC Generation",
    description: "Generates Alibaba Cloud ROS and Terraform templates from natural language.",
    tags: ["iac", "ros", "terraform", "alibaba-cloud"],
    examples: ["Create a VPC with two vSwitches in cn-hangzhou."],
  },
  {
    id: "iac_review",
    name: "IaC Review",
    description: "Reviews IaC templates and suggests fixes.",
    tags: ["iac", "review", "validation"],
    examples: ["Review this ROS template for missing parameters."],
  },
  {
    id: "aliyun_ros_operations",
    name: "Alibaba Cloud ROS Operations",
    description: "Assists with Alibaba Cloud ROS stack workflows.",
    tags: ["aliyun", "ros", "stack"],
    examples: ["Check why this ROS stack update failed."],
  },
  {
    id: "terraform_ros_conversion",
    name: "Terraform To ROS Conversion",
    description: "Packages Terraform configurations into ROS templates.",
    tags: ["terraform", "ros", "conversion"],
    examples: ["Convert this Terraform VPC module to ROS YAML."],
  },
];

export type AgentCard = Record<string, unknown>;

export function inputModes(config: Config): string[] {
  const extras = [...config.textMimeTypes, ...config.multimodalMimeTypes].filter((m) => !TEXT_INPUT_MODES.includes(m) && !MULTIMODAL_INPUT_MODES.includes(m));
  return [...TEXT_INPUT_MODES, ...MULTIMODAL_INPUT_MODES, ...[...new Set(extras)].sort()];
}

/** The endpoint URL the card names: the JSON-RPC interface lives at the base path. */
export function interfaceUrl(base: string): string {
  return `${base}/`;
}

/**
 * The fields an A2A 0.3 client discovers us by, beside 1.0's `supportedInterfaces` (which a 1.0
 * client reads, ignoring these): the 0.3 JSON-RPC interface at the same URL as 1.0's, and 0.3's
 * security requirements (card-security.ts).
 */
export const V03_CARD_FIELDS = [
  "protocolVersion",
  "url",
  "preferredTransport",
  "additionalInterfaces",
  "supportsAuthenticatedExtendedCard",
  "security",
] as const;

/**
 * The card as a 1.0 verifier reads it: a 1.0 parser drops the 0.3-only fields, and the 0.3 members
 * of each security scheme, before it canonicalizes (spec §8.4.1), so the signature covers this view
 * (as `@a2a-js/sdk`'s superset cards do).
 */
export function v1CardView(card: AgentCard): AgentCard {
  const view = { ...card };
  for (const field of V03_CARD_FIELDS) delete view[field];
  if (view.securitySchemes !== undefined) view.securitySchemes = v1SecurityView(view.securitySchemes);
  return view;
}

/**
 * `supportsAuthenticatedExtendedCard` only when an auth scheme is configured (issue 30 item 6): with
 * none there is no *authenticated* extended card, and the 0.3 method answers -32007 (methods.ts), as
 * the 0.3 conformance kit expects.
 */
function v03CardFields(base: string, authenticated: boolean): AgentCard {
  return {
    protocolVersion: "0.3.0",
    url: interfaceUrl(base),
    preferredTransport: "JSONRPC",
    additionalInterfaces: [{ url: interfaceUrl(base), transport: "JSONRPC" }],
    ...(authenticated ? { supportsAuthenticatedExtendedCard: true } : {}),
  };
}

export function buildAgentCard(config: Config, base: string): AgentCard {
  const modes = inputModes(config);
  // `required` is a proto3 bool without presence: false is its default, so it is left out (as
  // ProtoJSON and the card canonicalization of spec §8.4.1 both leave it out). Every extension in
  // IACCODE_A2A_REQUIRED_EXTENSIONS, built-in or not, is `required: true` (requests without it get -32008).
  const extensions: Array<{ uri: string; description: string; params?: unknown; required?: true }> = [
    {
      uri: ARTIFACT_METADATA_EXTENSION,
      description: "iac-code metadata namespace (metadata.iac_code) for tool progress, permissions, usage and stored artifacts.",
    },
  ];
  if (config.thinkingExposure.length > 0) {
    extensions.push({
      uri: THINKING_EXPOSURE_EXTENSION,
      description: "iac-code exposes the listed signal types in metadata.iac_code.",
      params: { enabledTypes: config.thinkingExposure },
    });
  }
  extensions.push({
    uri: GENERATION_EXTENSION,
    description:
      "The A2A 1.1 draft's task generation: Task.generation and each status and artifact event's generation, GetTask currentGeneration (waits up to 30 s), SendMessage configuration.ifGenerationMatch (-32010 TaskGenerationMismatchError).",
  });
  for (const uri of config.requiredExtensions) {
    const listed = extensions.find((extension) => extension.uri === uri);
    if (listed) listed.required = true;
    else extensions.push({ uri, description: "Required by this server.", required: true });
  }
  const auth = isAuthConfigured(config.auth);
  return {
    name: "iac-code",
    description: DESCRIPTION + (auth ? "" : UNAUTHENTICATED_NOTE) + (config.pushNotifications ? PUSH_NOTE : ""),
    supportedInterfaces: [
      { url: interfaceUrl(base), protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: base, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      { url: interfaceUrl(base), protocolBinding: "JSONRPC", protocolVersion: "0.3" },
    ],
    ...v03CardFields(base, auth),
    provider: { organization: "iac-code", url: "https://github.com/aliyun/iac-code" },
    version: AGENT_VERSION,
    capabilities: {
      streaming: true,
      pushNotifications: config.pushNotifications,
      extendedAgentCard: true,
      extensions,
    },
    ...cardSecurity(config),
    defaultInputModes: modes,
    defaultOutputModes: ["text/plain"],
    skills: SKILLS.map((skill) => ({ ...skill, inputModes: modes, outputModes: ["text/plain"] })),
  };
}

/** The extended card: the public card plus the runtime details an authenticated caller may see. */
export function buildExtendedAgentCard(config: Config, base: string): AgentCard {
  const card = buildAgentCard(config, base);
  const skills = card.skills as unknown[];
  const runtime = [
    `agent=${config.agent}`,
    `idleTimeoutSeconds=${config.idleTimeoutSeconds}`,
    `taskRetentionDays=${config.taskRetentionDays}`,
    `allowedCwds=${config.allowedCwds.join(":")}`,
    `maxBodyBytes=${config.maxBodyBytes}`,
    // Custom transports stay out of the public card (as in the original): listed here only.
    `websocket=${interfaceUrl(base).replace(/^http/, "ws")} (JSON-RPC 1.0 multiplexed by id; maxMessageBytes=${MAX_WS_MESSAGE_BYTES}, maxInFlight=${MAX_WS_IN_FLIGHT}, text "${WS_PING}" answered "${WS_PONG}")`,
  ].join(", ");
  return {
    ...card,
    skills: [
      ...skills,
      {
        id: "iac_code_runtime_details",
        name: "iac-code Runtime Details",
        description: `Runtime of this server: ${runtime}.`,
        tags: ["runtime", "iac-code"],
        examples: ["Which workspace roots may I use?"],
        inputModes: ["text/plain"],
        outputModes: ["text/plain"],
      },
    ],
  };
}
