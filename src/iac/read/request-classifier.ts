/**
 * Routes a request to one of the four iac-code skills. The order of the checks is the priority:
 * a request that carries Terraform and asks for ROS is a conversion, one that carries a template is a
 * review, one about a stack's state or events is an operations question, and anything else asks for
 * a new template.
 */
import { mentionsAnyKind } from "../kinds";

export type RequestKind =
  | "iac_generation"
  | "iac_review"
  | "terraform_ros_conversion"
  | "aliyun_ros_operations"
  /** Hello / what can you do: a short answer listing the skills. */
  | "greeting"
  /** Deploy or change live stacks: the offline engine explains the `aliyun ros` steps instead. */
  | "deploy"
  /** A general question ("what is ROS?", "how do I install Terraform?"): it needs a model. */
  | "question"
  /** Anything outside Alibaba Cloud infrastructure as code. */
  | "out_of_scope";

const GREETING =
  /^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks?(?: you)?|你好|您好|嗨|哈喽|谢谢)(?: there| all| team)?[\s!！.。,，~]*$|what can you do|what are you|who are you|how can you help|help me\??$|你能做什么|你会什么|你是谁|你有什么功能|能帮我做什么|介绍一下你自己/i;
/** Questions that ask for knowledge rather than a template. */
const QUESTION =
  /^\s*(?:what(?:'s| is| are| does)|how (?:do|does|can|to|should)|why (?:is|does|do|should)|explain|tell me about|(?:what is )?the difference|is it|can i|should i|什么是|怎么|如何|为什么|解释|介绍一下|有什么区别|区别是)/i;
/** Verbs that ask for something to be built; their object is looked for in a window after them. */
const BUILD_VERB = /\b(?:create|generate|build|provision|write|make|set up|template for|deploy)\b/gi;
const BUILD_VERB_ZH = /创建|生成|搭建|编写/g;
/** How far after the verb its object may start (characters), plus the longest noun. */
const BUILD_OBJECT_REACH = { en: 60 + 32, zh: 20 + 8 };

/**
 * "how do I create a VPC with two vSwitches?" asks for a template: a build verb with a noun of a
 * kind the engine builds (kinds/) within its reach. Each noun pattern runs on the bounded window
 * after each verb, so the check stays linear.
 */
function asksToBuild(text: string): boolean {
  const windowAfter = (match: RegExpMatchArray, reach: number) => {
    const end = (match.index ?? 0) + match[0].length;
    return text.slice(end, end + reach).split("\n")[0] ?? "";
  };
  for (const match of text.matchAll(BUILD_VERB)) if (mentionsAnyKind(windowAfter(match, BUILD_OBJECT_REACH.en))) return true;
  for (const match of text.matchAll(BUILD_VERB_ZH)) {
    const window = windowAfter(match, BUILD_OBJECT_REACH.zh);
    if (mentionsAnyKind(window) || window.includes("网关")) return true;
  }
  return false;
}
const DEPLOY =
  /\b(?:deploy|apply|launch|provision|run|roll out)\b[^.?!\n]{0,20}\b(?:it|this|that|the template|my template|the stack|for me|now)\b|\bcreate (?:the|my) stack\b(?! with)|\b(?:create|update|delete) (?:the |my )?(?:live )?stack (?:for me|now)|部署(?:到|上)?(?:阿里云|云上)|帮我(?:部署|创建资源栈|执行|上线)|直接部署|(?:创建|更新)资源栈|部署(?:这个|一下|它)/i;
/** Other clouds and tools the offline engine does not write, unless the request also names ROS or Terraform for Alibaba Cloud. */
const FOREIGN =
  /\bhelm\b|dockerfile|docker[- ]compose|kubernetes (?:manifest|yaml|deployment)|\bk8s (?:manifest|yaml)|ansible|puppet|\bchef\b|cloudformation|\baws\b|\bazure\b|\bgcp\b|google cloud|\bbicep\b|pulumi|\bpython script|\bsql query|\bpoem\b|\bweather\b|\bjoke\b|写一首诗|天气|笑话|讲个故事|翻译/i;
/** Words of the domain besides the kinds' own nouns (kinds/); port rules alone ("open ports 8000-8100 to 10.0.0.0/8", "Allow ICMP …") ask for a security group. */
const IAC_WORDS =
  /\b(?:sg|vpc|vsw)-[a-z0-9]{8,}|\bi-[a-z0-9]{10,}|\bros\b|terraform|template|stack|aliyun|alibaba|\bvpc|v-?switch|subnet|\becs\b|\bslb\b|\brds\b|\boss\b|bucket|\beip|\bnat\b|redis|database|mysql|postgres|server|instance|load balanc|security group|network|firewall|cidr|模板|资源栈|阿里云|专有网络|交换机|服务器|数据库|负载均衡|存储桶|对象存储|安全组|网关|缓存|实例|网络|公网|端口|\bicmp\b|\bports?\s{0,3}\d{1,5}\b|\b(?:open|allow|expose|whitelist)\s{1,3}(?:inbound\s{1,3})?(?:(?:tcp|udp)\s{1,3})?\d{1,5}\b/i;

const CONTAINS_HCL = /^[ \t]*(?:resource|provider|module|variable|terraform)\s+(?:"[^"]+"\s*)*\{/m;
const MENTIONS_TERRAFORM = /terraform|opentofu|\.tf\b|\bhcl\b|\btf\b/i;
const ASKS_CONVERSION = /convert|conversion|translate|package|wrap|tf2ros|migrate|(?:to|into|as)\s+(?:an?\s+)?ros\b|转换|转成|转为|转化|打包|迁移/i;

const CONTAINS_TEMPLATE = /ROSTemplateFormatVersion|^[ \t]*Resources\s*:|"Resources"\s*:|Type\s*:\s*["']?ALIYUN::/m;
const ASKS_REVIEW = /review|check|validate|lint|audit|diagnos|fix|problems?|issues?|审查|检查|校验|评审|诊断|修复|问题/i;

const STACK_STATUS = /\b(?:CREATE|UPDATE|DELETE|ROLLBACK|CHECK)_(?:IN_PROGRESS|COMPLETE|FAILED)\b/;
const STACK_API =
  /\b(?:GetStack|ListStacks|ListStackEvents|ContinueCreateStack|UpdateStack|DeleteStack|CancelUpdateStack|ListStackResources|ResourceStatusReason|StatusReason)\b/;
const STACK_WORD = /\bstacks?\b|资源栈|堆栈/i;
const STACK_QUESTION =
  /fail|error|stuck|rollback|roll back|delete|update|continue|resume|retry|status|state|event|why|cancel|失败|报错|回滚|删除|更新|继续|状态|事件|为什么|卡住|重试/i;
/**
 * A request that opens with a review verb asks for a review whatever follows: "Review this ROS
 * template for security issues" is no "template for" to build, even without the template attached
 * (the reviewer then asks for it).
 */
const REVIEW_FIRST =
  /^\s{0,8}(?:(?:please|pls|can you|could you|would you|kindly)[,\s]{1,3})?(?:review|check|audit|lint|validate)\b|^\s{0,8}(?:请|麻烦)?(?:帮我|帮忙)?(?:审查|检查|评审|校验|审核)/i;
const GENERATION_WORDS = /create|generate|build|provision|deploy|write|template for|创建|生成|搭建|部署|编写/i;

export function classifyRequest(text: string): RequestKind {
  const skill = classifySkill(text);
  if (skill !== "iac_generation") return skill;
  if (GREETING.test(text) && text.length < 120) return "greeting";
  if (DEPLOY.test(text)) return "deploy";
  if (FOREIGN.test(text) && !/\bros\b|terraform|aliyun|alibaba|阿里云|资源栈/i.test(text)) return "out_of_scope";
  if (QUESTION.test(text) && !asksToBuild(text)) return "question";
  if (!IAC_WORDS.test(text) && !mentionsAnyKind(text)) return "out_of_scope";
  return "iac_generation";
}

function classifySkill(text: string): RequestKind {
  if (CONTAINS_HCL.test(text) || (MENTIONS_TERRAFORM.test(text) && ASKS_CONVERSION.test(text))) {
    if (ASKS_CONVERSION.test(text) || /\bros\b/i.test(text)) return "terraform_ros_conversion";
  }
  if (STACK_STATUS.test(text) || STACK_API.test(text)) return "aliyun_ros_operations";
  if (CONTAINS_TEMPLATE.test(text)) return "iac_review";
  if (STACK_WORD.test(text) && STACK_QUESTION.test(text) && !(GENERATION_WORDS.test(text) && !/fail|失败|error|报错/i.test(text))) {
    return "aliyun_ros_operations";
  }
  if (ASKS_REVIEW.test(text) && /template|模板/i.test(text) && (REVIEW_FIRST.test(text) || !GENERATION_WORDS.test(text))) return "iac_review";
  return "iac_generation";
}
