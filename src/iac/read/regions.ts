/**
 * Alibaba Cloud region IDs and the names people use for them, in English and Chinese, for reading a
 * region out of a request ("in Hangzhou", "在杭州", "cn-shanghai").
 */
export interface Region {
  readonly id: string;
  readonly names: readonly string[];
}

/** Every region the engine knows, with the names people use for it (read by findRegion and the lexer's vocabulary). */
export const REGIONS: readonly Region[] = [
  { id: "cn-hangzhou", names: ["hangzhou", "杭州", "华东1", "华东 1"] },
  { id: "cn-shanghai", names: ["shanghai", "上海", "华东2", "华东 2"] },
  { id: "cn-qingdao", names: ["qingdao", "青岛", "华北1", "华北 1"] },
  { id: "cn-beijing", names: ["beijing", "北京", "华北2", "华北 2"] },
  { id: "cn-zhangjiakou", names: ["zhangjiakou", "张家口", "华北3", "华北 3"] },
  { id: "cn-huhehaote", names: ["hohhot", "huhehaote", "呼和浩特", "华北5", "华北 5"] },
  { id: "cn-wulanchabu", names: ["ulanqab", "wulanchabu", "乌兰察布", "华北6", "华北 6"] },
  { id: "cn-shenzhen", names: ["shenzhen", "深圳", "华南1", "华南 1"] },
  { id: "cn-heyuan", names: ["heyuan", "河源", "华南2", "华南 2"] },
  { id: "cn-guangzhou", names: ["guangzhou", "广州", "华南3", "华南 3"] },
  { id: "cn-chengdu", names: ["chengdu", "成都", "西南1", "西南 1"] },
  { id: "cn-hongkong", names: ["hong kong", "hongkong", "香港"] },
  { id: "ap-southeast-1", names: ["singapore", "新加坡"] },
  { id: "ap-southeast-3", names: ["kuala lumpur", "吉隆坡"] },
  { id: "ap-southeast-5", names: ["jakarta", "雅加达"] },
  { id: "ap-southeast-6", names: ["manila", "马尼拉"] },
  { id: "ap-southeast-7", names: ["bangkok", "曼谷"] },
  { id: "ap-northeast-1", names: ["tokyo", "东京"] },
  { id: "ap-northeast-2", names: ["seoul", "首尔"] },
  { id: "us-west-1", names: ["silicon valley", "硅谷"] },
  { id: "us-east-1", names: ["virginia", "弗吉尼亚"] },
  { id: "eu-central-1", names: ["frankfurt", "法兰克福"] },
  { id: "eu-west-1", names: ["london", "伦敦"] },
  { id: "me-east-1", names: ["dubai", "迪拜"] },
];

const REGION_ID_PATTERN = /\b(?:cn|ap|us|eu|me|sa|na)-[a-z]+(?:-\d+)?\b/;

/** The region the text names, as a region ID, or undefined. An explicit ID wins over a city name. */
export function findRegion(text: string): string | undefined {
  const lower = text.toLowerCase();
  const explicit = REGION_ID_PATTERN.exec(lower)?.[0];
  if (explicit && REGIONS.some((region) => region.id === explicit)) return explicit;
  let best: { id: string; index: number } | undefined;
  for (const region of REGIONS) {
    for (const name of region.names) {
      const index = lower.indexOf(name);
      if (index >= 0 && (best === undefined || index < best.index)) best = { id: region.id, index };
    }
  }
  return best?.id ?? explicit;
}
