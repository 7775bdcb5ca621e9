/**
 * Routes a request to one of the four iac-code skills. The order of the checks is the priority:
 * a request that carries Terraform and asks for ROS is a conversion, one that carries a template is a
 * review, one about a stack's state or events is an operations question, and anything else asks for
 * a new template.
 */
export type RequestKind = "iac_generation" | "iac_review" | "terraform_ros_conversion" | "aliyun_ros_operations";

const CONTAINS_HCL = /^\s*(?:resource|provider|module|variable|terraform)\s+(?:"[^"]+"\s*)*\{/m;
const MENTIONS_TERRAFORM = /terraform|opentofu|\.tf\b|\bhcl\b|\btf\b/i;
const ASKS_CONVERSION =
  /convert|conversion|translate|package|wrap|tf2ros|migrate|(?:to|into|as)\s+(?:an?\s+)?ros\b|转换|转成|转为|转化|打包|迁移/i;

const CONTAINS_TEMPLATE = /ROSTemplateFormatVersion|^\s*Resources\s*:|"Resources"\s*:|Type\s*:\s*["']?ALIYUN::/m;
const ASKS_REVIEW = /review|check|validate|lint|audit|diagnos|fix|problems?|issues?|审查|检查|校验|评审|诊断|修复|问题/i;

const STACK_STATUS = /\b(?:CREATE|UPDATE|DELETE|ROLLBACK|CHECK)_(?:IN_PROGRESS|COMPLETE|FAILED)\b/;
const STACK_API = /\b(?:GetStack|ListStacks|ListStackEvents|ContinueCreateStack|UpdateStack|DeleteStack|CancelUpdateStack|ListStackResources|ResourceStatusReason|StatusReason)\b/;
const STACK_WORD = /\bstacks?\b|资源栈|堆栈/i;
const STACK_QUESTION =
  /fail|error|stuck|rollback|roll back|delete|update|continue|resume|retry|status|state|event|why|cancel|失败|报错|回滚|删除|更新|继续|状态|事件|为什么|卡住|重试/i;
const GENERATION_WORDS = /create|generate|build|provision|deploy|write|template for|创建|生成|搭建|部署|编写/i;

export function classifyRequest(text: string): RequestKind {
  if (CONTAINS_HCL.test(text) || (MENTIONS_TERRAFORM.test(text) && ASKS_CONVERSION.test(text))) {
    if (ASKS_CONVERSION.test(text) || /\bros\b/i.test(text)) return "terraform_ros_conversion";
  }
  if (STACK_STATUS.test(text) || STACK_API.test(text)) return "aliyun_ros_operations";
  if (CONTAINS_TEMPLATE.test(text)) return "iac_review";
  if (STACK_WORD.test(text) && STACK_QUESTION.test(text) && !(GENERATION_WORDS.test(text) && !/fail|失败|error|报错/i.test(text))) {
    return "aliyun_ros_operations";
  }
  if (ASKS_REVIEW.test(text) && /template|模板/i.test(text) && !GENERATION_WORDS.test(text)) return "iac_review";
  return "iac_generation";
}
