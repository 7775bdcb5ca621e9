/**
 * The offline engine's answers that carry no template: what it can do (greetings), what it cannot
 * (requests outside Alibaba Cloud IaC), and how to deploy with ROS yourself (it never calls the
 * cloud), with the exact `aliyun ros` commands for the user's template.
 */
import { findRegion, kindCatalogue, parseTemplate, section, type Phrase, type ReplyLanguage } from "../iac";

const SKILLS = {
  en: [
    `- **Generate** Alibaba Cloud ROS templates (or Terraform) from a description: ${kindCatalogue("en")}; follow-ups edit the current template.`,
    "- **Review** a ROS template: property names, required properties, types, references, CIDR plans, security; with a corrected template.",
    "- **Convert** Terraform into a ROS template (Transform Aliyun::OpenTofu-v1.8).",
    "- **Explain** ROS stack states and failure events, with the next `aliyun ros` steps.",
  ],
  zh: [
    `- **生成**阿里云 ROS 模板（或 Terraform）：${kindCatalogue("zh")}；后续消息可修改当前模板。`,
    "- **审查** ROS 模板：属性名、必填属性、类型、引用、网段规划、安全问题，并给出修正后的模板。",
    "- **转换** Terraform 为 ROS 模板（Transform Aliyun::OpenTofu-v1.8）。",
    "- **解释** ROS 资源栈状态和失败事件，并给出下一步 `aliyun ros` 命令。",
  ],
};

export function greetingAnswer(language: ReplyLanguage): string {
  const head =
    language === "zh"
      ? "你好！我是 iac-code 的离线引擎（未配置模型密钥），可以："
      : "Hello! I am iac-code's offline engine (no model key is configured). I can:";
  return [head, ...SKILLS[language]].join("\n");
}

export function outOfScopeAnswer(language: ReplyLanguage): string {
  const head =
    language === "zh"
      ? "离线引擎帮不了这个：它只处理阿里云基础设施即代码（ROS 模板和 Terraform），不会生成其他内容。它可以："
      : "The offline engine cannot help with that: it only handles Alibaba Cloud infrastructure as code (ROS templates and Terraform). It can:";
  return [head, ...SKILLS[language]].join("\n");
}

/** "A PolarDB MySQL cluster": a cloud product the offline engine does not build, named as such (not as out of scope). */
export function unbuiltProductsAnswer(language: ReplyLanguage, products: readonly Phrase[]): string {
  const names = products.map((product) => product[language]).join(language === "zh" ? "、" : ", ");
  const head =
    language === "zh"
      ? `离线引擎不生成 ${names}：它生成的是 VPC、交换机、安全组、ECS、SLB、RDS、OSS、EIP、NAT 和 Redis 的 ROS 模板或 Terraform（配置模型密钥后，代理可以为其他产品编写模板）。它可以：`
      : `The offline engine does not build ${names}: it builds VPC, vSwitches, security groups, ECS, SLB, RDS, OSS, EIP, NAT and Redis as ROS templates or Terraform (with a model key configured, the agent can write templates for other products). It can:`;
  return [head, ...SKILLS[language]].join("\n");
}

export function questionAnswer(language: ReplyLanguage): string {
  const head =
    language === "zh"
      ? "离线引擎不回答一般性问题（这需要配置模型密钥）；它按下面的技能工作，请描述要生成、审查、转换的内容或资源栈的状态："
      : "The offline engine does not answer general questions (that needs a model key); it works through these skills, so describe what to generate, review or convert, or the stack state to explain:";
  return [head, ...SKILLS[language]].join("\n");
}

function parameterArgs(template: string | undefined): string {
  const parsed = template === undefined ? undefined : parseTemplate(template);
  if (!parsed?.ok) return "";
  return Object.keys(section(parsed.template, "Parameters"))
    .map((name, index) => ` \\\n  --Parameters.${index + 1}.ParameterKey ${name} --Parameters.${index + 1}.ParameterValue <${name}>`)
    .join("");
}

export function deployAnswer(prompt: string, current: { text: string; path?: string } | undefined, language: ReplyLanguage): string {
  const region = findRegion(prompt) ?? (current ? findRegion(current.text) : undefined) ?? "cn-hangzhou";
  const file = current?.path ?? "template.yaml";
  const args = parameterArgs(current?.text);
  const zh = language === "zh";
  return [
    zh
      ? "离线引擎不会调用云端 API，因此不能替你部署或修改线上资源栈。用 ROS 自己部署的步骤（需要已配置凭证的 `aliyun` CLI）："
      : "The offline engine does not call the cloud, so it cannot deploy or change live stacks for you. To deploy with ROS yourself (the `aliyun` CLI with your credentials configured):",
    "",
    `1. ${zh ? "校验模板" : "Validate the template"} (ValidateTemplate):`,
    "```sh",
    `aliyun ros ValidateTemplate --RegionId ${region} --TemplateBody "$(cat ${file})"`,
    "```",
    `2. ${zh ? "用你的参数值预览" : "Preview with your parameter values"} (PreviewStack):`,
    "```sh",
    `aliyun ros PreviewStack --RegionId ${region} --StackName my-stack --TemplateBody "$(cat ${file})"${args}`,
    "```",
    `3. ${zh ? "创建资源栈" : "Create the stack"} (CreateStack):`,
    "```sh",
    `aliyun ros CreateStack --RegionId ${region} --StackName my-stack --TemplateBody "$(cat ${file})"${args}`,
    "```",
    `4. ${zh ? "跟踪进度" : "Follow its progress"} (GetStack / ListStackEvents):`,
    "```sh",
    `aliyun ros GetStack --RegionId ${region} --StackId <StackId>`,
    `aliyun ros ListStackEvents --RegionId ${region} --StackId <StackId>`,
    "```",
    zh
      ? "修改已有资源栈用 `aliyun ros UpdateStack --StackId <StackId> --TemplateBody ...`（先用 `PreviewStack` 或更改集查看影响），删除用 `aliyun ros DeleteStack --StackId <StackId>`。配置模型密钥后，带 ROS 工具的 IaC 代理可以替你执行这些 API 调用。"
      : "To change a live stack use `aliyun ros UpdateStack --StackId <StackId> --TemplateBody ...` (preview the effect first), to remove it `aliyun ros DeleteStack --StackId <StackId>`. With a model key configured, the IaC agent's ROS tool can make these API calls for you.",
    ...(current
      ? []
      : [
          "",
          zh
            ? "（本会话还没有模板：先描述要创建的资源，我会生成模板。）"
            : "(This conversation has no template yet: describe what to build and I will write one.)",
        ]),
  ].join("\n");
}
