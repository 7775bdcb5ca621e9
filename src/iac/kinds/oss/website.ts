/**
 * An OSS static website as engineers ask for it (issue 27 item 6): "static website on OSS, index
 * document index.html and error page 404.html", "静态网站托管，首页 index.html，错误页 404.html".
 * The documents are file names the request writes; "static website" without one gets OSS's usual
 * index.html, and the reply says so; "index.html / 404.html" on a website asked for names both by their files. ROS writes `WebsiteConfiguration` (IndexDocument,
 * ErrorDocument), Terraform a `website` block. Linear: bounded anchored patterns.
 */
export interface WebsiteValue {
  indexDocument: string;
  errorDocument?: string;
  /** True when the request named no index document and index.html was used. */
  defaultIndex: boolean;
}

const WEBSITE = /static (?:web ?site|site|web hosting|hosting)|website hosting|host(?:ing)? a (?:static )?(?:web ?site|site)|静态网站|静态站点|网站托管/i;
/** A file name a document may have: "index.html", "404.html", "error/404.htm". */
const FILE = String.raw`([a-z0-9][\w./-]{0,40}\.html?)`;
/** A value's lead-in: spaces, then an optional "is", "=", ":" with its spaces (one run of spaces, never two side by side). */
const LEAD_EN = String.raw`\s{0,3}(?:(?:is|=|:|of)\s{0,3})?[\x60"'“]?`;
const LEAD_ZH = String.raw`\s{0,3}(?:(?:为|是|用|[:：])\s{0,3})?`;
const INDEX_DOCUMENT = new RegExp(
  String.raw`\b(?:index|default|home)(?:\s{1,2}(?:document|page|file))?${LEAD_EN}${FILE}|(?:首页|默认首页|索引页|默认页|主页)${LEAD_ZH}${FILE}`,
  "i",
);
const ERROR_DOCUMENT = new RegExp(
  String.raw`\b(?:error|404)\s{1,2}(?:document|page|file)${LEAD_EN}${FILE}|(?:错误页面?|404\s{0,2}页面?)${LEAD_ZH}${FILE}`,
  "i",
);

/** Documents named by their file alone ("static site hosting: index.html / 404.html"): an index page and an error page by name. */
const NAMED_INDEX = /(?<![\w./-])(index[\w-]{0,20}\.html?)(?![\w.-])/i;
const NAMED_ERROR = /(?<![\w./-])([\w-]{0,30}(?:404|error|err)[\w-]{0,20}\.html?)(?![\w.-])/i;

/** The website the request asks the bucket to host, if it asks for one. */
export function websiteOf(text: string): WebsiteValue | undefined {
  const index = INDEX_DOCUMENT.exec(text);
  const error = ERROR_DOCUMENT.exec(text);
  const website = WEBSITE.test(text);
  // Without a label, a file named like an index or an error page is one, on a website asked for.
  const indexDocument = index?.[1] ?? index?.[2] ?? (website ? NAMED_INDEX.exec(text)?.[1] : undefined);
  const errorDocument = error?.[1] ?? error?.[2] ?? (website || index ? NAMED_ERROR.exec(text)?.[1] : undefined);
  if (!indexDocument && !errorDocument && !website) return undefined;
  return { indexDocument: indexDocument ?? "index.html", ...(errorDocument ? { errorDocument } : {}), defaultIndex: indexDocument === undefined };
}
