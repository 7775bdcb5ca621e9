/**
 * The answer to "is this safe for production?" (issue 19 item 5): a verdict first, then the
 * findings that decide it. Every error blocks (world-open SSH/RDP/all ports, a database or cache
 * whitelist of 0.0.0.0/0, a template ROS would reject); warnings do not. The verdict also says
 * what the offline checks cannot see, so "no blocking finding" is not read as "safe".
 */
import type { Diagnostic } from "../template/diagnostic";
import type { ReplyLanguage } from "../read/request-language";

const PRODUCTION_QUESTION =
  /production|\bprod\b|safe to (?:deploy|use|ship|go live)|(?:is|are) (?:this|it|these) (?:safe|secure)|secure enough|go live|上生产|生产环境|生产|能上线|上线吗|安全吗|是否安全|安全不/i;

/** Whether the request asks for a production verdict (read in its prose, not in the template it carries). */
export function asksForVerdict(prose: string): boolean {
  return PRODUCTION_QUESTION.test(prose);
}

export function verdictLines(diagnostics: readonly Diagnostic[], language: ReplyLanguage): string[] {
  const blocking = diagnostics.filter((diagnostic) => diagnostic.severity === "error");
  const zh = language === "zh";
  if (blocking.length === 0) {
    return [
      zh
        ? "**结论：未发现阻碍上生产的问题。** 离线检查没有发现错误；它看不到账号权限、配额、备份策略和资源栈之外的网络，这些仍需你检查。"
        : "**Verdict: no blocking finding for production.** The offline checks found no error; they cannot see account permissions, quotas, backup policies or the network around the stack, so check those too.",
      "",
    ];
  }
  return [
    zh
      ? `**结论：不能直接用于生产。** 以下 ${blocking.length} 个问题决定了这一点：`
      : `**Verdict: not safe for production.** ${blocking.length} finding(s) decide it:`,
    ...blocking.map((diagnostic) => `- \`${diagnostic.code}\` ${diagnostic.message}`),
    "",
  ];
}
