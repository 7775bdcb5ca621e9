/**
 * The one error of configuration: it names the variable at fault and never repeats a secret's
 * value. Its own file so every parser of src/config can throw it without importing config.ts
 * (which imports them): the folder's files form a tree, not a cycle.
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration ${variable}: ${reason}`);
    this.name = "ConfigError";
  }
}
