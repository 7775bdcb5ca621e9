/**
 * The shape of one resource kind the offline engine builds: its ROS and Terraform types, the nouns
 * that name it in English and Chinese, the values a request may state for it and the property each
 * lands in, what it needs and what it takes along when removed, and whether it is billed.
 *
 * Why one shape: the generator, the editor, the classifier, the help text and the request check
 * all read a kind from here, so a noun the generator knows is a noun the editor can remove, and a
 * value the generator writes is a value the check looks for in the same property.
 */
import type { RosResourceTypeSpec } from "../template/data/ros-resource-type-spec";
import type { Phrase } from "../read/request-language";
import type { RosBuild } from "../generate/ros-build/builder";
import type { TerraformBuild } from "../terraform/terraform-build/build";
import type { ResourceKind } from "./resource-kind";
import type { RequestedValues } from "./values";
import type { Token } from "../read/token";

export type { ResourceKind } from "./resource-kind";

/** The sorts of value a request states ("3306", "50 GB", "Redis 6.0", "vsw-…"), as the request check names them. */
export type RequestValueSort =
  | "count"
  | "cidr"
  | "sourceRange"
  | "port"
  | "portMapping"
  | "size"
  | "bandwidth"
  | "engine"
  | "engineVersion"
  | "instanceType"
  | "instanceClass"
  | "image"
  | "diskCategory"
  | "zone"
  | "resourceId"
  | "bucketName"
  | "bucketSetting"
  | "days";

/**
 * What a kind's grammar may ask of the whole request: the free size that belongs to a kind ("RDS
 * MySQL 8.0, 50 GB"), and the request's tokens (read/lexer.ts), the one reading of its words both
 * the generator and the check take, so a grammar tells a path prefix from a CIDR and a product word
 * from a word inside a name without a pattern of its own.
 */
export interface ValueReading {
  sizeForKind(kind: ResourceKind): number | undefined;
  readonly tokens: readonly Token[];
}

/** Where a stated value lands in a ROS template and in a Terraform configuration. */
export interface KindValue {
  sort: RequestValueSort;
  /** What the value is, for replies and the check's report ("system disk size"). */
  label: Phrase;
  /** The ROS resource type holding it: the kind's own type or one of its parts. */
  rosType: string;
  /** The property, with `[]` for every item of a list ("SecurityGroupIngress[].PortRange"). */
  rosProperty: string;
  /** The parameter whose `Default` carries the value when the console selector is kept. */
  rosParameter?: string;
  /** The Terraform resource type and argument, when the Terraform builder writes the value. */
  terraformType?: string;
  terraformArgument?: string;
}

export interface KindDefinition {
  readonly kind: ResourceKind;
  /** Singular label, for replies and the help text. */
  readonly label: Phrase;
  /** Short plural name for the help text's list ("vSwitches", "交换机"). */
  readonly catalogueName: Phrase;
  readonly rosType: string;
  /** Resources built with the kind that belong to it (listeners, associations, SNAT entries). */
  readonly rosParts: readonly string[];
  readonly terraformType: string;
  readonly terraformParts: readonly string[];
  /**
   * Every way of naming the kind, English and Chinese, as one global case-insensitive pattern.
   * English words have \b; Chinese has no word boundaries. Linear: alternations of bounded words.
   */
  readonly nouns: RegExp;
  /**
   * True when a mention names a protocol, a port or a property rather than asks for the product
   * ("MySQL port 3306", "Redis 的 6379 端口", "200GB 存储空间"): `before` and `after` are the text
   * around the mention, a few dozen characters each.
   */
  readonly notARequest?: (mention: string, before: string, after: string) => boolean;
  /** Billed by the hour or by traffic: never in a template unless requested or explained. */
  readonly billable: boolean;
  /** Caps keep a misread number ("1000 servers") from producing an unusable template. */
  readonly maxCount: number;
  /** Kinds it cannot be created without; the reply says why each one it adds is there. */
  readonly needs: readonly ResourceKind[];
  /** Why the kind is in a template whose request did not name it, given the kinds that need it. */
  readonly neededBecause?: (users: readonly Phrase[]) => Phrase;
  /** Kinds removed with it when nothing else uses them (a NAT gateway's EIP). */
  readonly takesAlong: readonly ResourceKind[];
  readonly values: readonly KindValue[];
  /**
   * The kind's value grammar: reads the values `values` lists from a request's text into `into`
   * (and names in `into.unsupported` a value of the right shape that ROS does not offer). Run in
   * registry order by request-values.ts. Linear: bounded patterns built when the module loads.
   */
  readonly readValues?: (text: string, into: RequestedValues, reading: ValueReading) => void;
  /**
   * The offline property catalogue of the kind's ROS types (its own and its parts'), in the
   * notation of data/ros-property-catalogue.ts: `Name:t` or `Name:t=a|b|c`, space-separated.
   */
  readonly rosProperties: Readonly<Record<string, string>>;
  /** The offline resource-type catalogue's entries of the kind's ROS types (data/ros-resource-types.ts): attributes and required properties. */
  readonly rosResourceTypes: Readonly<Record<string, RosResourceTypeSpec>>;
  /**
   * The kind's builders (its folder's ros.ts and terraform.ts), run in `BUILD_ORDER` (index.ts) by
   * ros-template-builder.ts and terraform-builder.ts: each adds the kind's resources, parameters and
   * outputs and leaves in the build what the kinds after it read.
   */
  readonly build: { readonly ros: (build: RosBuild) => void; readonly terraform: (build: TerraformBuild) => void };
}
