/**
 * An image named the way engineers name it ("Alibaba Cloud Linux 3", "Ubuntu 22.04", "CentOS 7",
 * "Windows Server 2022") as the default of the `EcsImageId` parameter (issue 27 item 6): a public
 * image name pattern ROS resolves itself ("ROS specifies an image by fuzzy match": an asterisk in
 * place of a part of the image id picks the latest such public image; a family such as `CentOS_7`
 * picks its latest 64-bit version), never a guessed image id. A name this table does not hold stays
 * named as not expressed, with the selector to pick it.
 */
export interface ImagePick {
  /** The name pattern ROS accepts as `ImageId`. */
  pattern: string;
  /** What the user asked for, for the parameter's description. */
  label: string;
}

const PATTERNS: readonly [RegExp, (version: string) => ImagePick | undefined][] = [
  [
    /^(?:alibaba cloud linux|alinux)$/i,
    (v) => (v === "3" || v === "" ? { pattern: "aliyun_3_x64_20G_alibase_*.vhd", label: "Alibaba Cloud Linux 3" } : undefined),
  ],
  [/^ubuntu$/i, (v) => (/^(?:20|22|24)\.04$/.test(v) ? { pattern: `ubuntu_${v.replace(".", "_")}_x64_20G_alibase_*.vhd`, label: `Ubuntu ${v}` } : undefined)],
  [
    /^centos$/i,
    // "CentOS 7.9": that minor release's public images; "CentOS 7": the family's latest.
    (v) =>
      /^7\.[6-9]$/.test(v)
        ? { pattern: `centos_${v.replace(".", "_")}_x64_20G_alibase_*.vhd`, label: `CentOS ${v}` }
        : v === "7" || v.startsWith("7.")
          ? { pattern: "centos_7", label: "CentOS 7" }
          : undefined,
  ],
  [
    /^windows(?: server)?$/i,
    (v) =>
      // "a Windows server" names no release: the newest the table holds, and the parameter's description says which.
      v === "2022" || v === ""
        ? { pattern: "win2022_21H2_x64_dtc_en-us_40G_alibase_*.vhd", label: "Windows Server 2022" }
        : v === "2019"
          ? { pattern: "win2019_1809_x64_dtc_en-us_40G_alibase_*.vhd", label: "Windows Server 2019" }
          : undefined,
  ],
];

/** The image pattern of a named operating system ("Ubuntu 22.04"), if this table holds it. */
export function imagePick(hint: string): ImagePick | undefined {
  // The hint is "<name> <version>" (kinds/ecs/index.ts imageHint): the last word is the version when it is a number.
  const words = hint.trim().split(" ");
  const last = words[words.length - 1] ?? "";
  const versioned = words.length > 1 && /^\d{1,4}(?:\.\d{1,2})?$/.test(last);
  const name = (versioned ? words.slice(0, -1) : words).join(" ").trim();
  const version = versioned ? last : "";
  for (const [pattern, pick] of PATTERNS) if (pattern.test(name)) return pick(version);
  return undefined;
}
