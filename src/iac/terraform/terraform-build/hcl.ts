/**
 * What every kind's Terraform builder shares (terraform-build/<kind>.ts), as ros-build/builder.ts
 * does for ROS: the configuration being written (blocks in order, outputs after them all), quoting,
 * and the vSwitch an instance of a kind is placed in.
 */

export interface TerraformConfiguration {
  text: string;
  /** `type.name` of every resource, in declaration order. */
  resources: string[];
}

function block(header: string, body: string[]): string {
  return [`${header} {`, ...body.map((line) => (line === "" ? "" : `  ${line}`)), "}", ""].join("\n");
}

export function quoted(value: string): string {
  return JSON.stringify(value);
}

/** The configuration being written: blocks in order, then the outputs after them all. */
export class Hcl {
  readonly blocks: string[] = [];
  readonly resources: string[] = [];
  private readonly outputs: string[] = [];

  add(header: string, body: string[]): void {
    this.blocks.push(block(header, body));
  }

  resource(type: string, name: string, body: string[]): void {
    this.resources.push(`${type}.${name}`);
    this.add(`resource ${quoted(type)} ${quoted(name)}`, body);
  }

  output(name: string, value: string, description: string): void {
    this.outputs.push(block(`output ${quoted(name)}`, [`description = ${quoted(description)}`, `value       = ${value}`]));
  }

  text(): string {
    return [...this.blocks, ...this.outputs].join("\n").trimEnd() + "\n";
  }
}

/** The vSwitch the `index`-th instance of a kind goes in: round robin over the vSwitches. */
export function vswitchFor(vswitches: string[], index: number): string {
  return `alicloud_vswitch.${vswitches[index % Math.max(vswitches.length, 1)] ?? "vsw_1"}.id`;
}
