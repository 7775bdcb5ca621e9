/** One finding about a template: a stable code, where it is, what is wrong, and how to fix it. */
export interface Diagnostic {
  code: string;
  severity: "error" | "warning";
  /** Slash-separated location inside the template, e.g. `Resources/WebServer/Properties/ImageId`, or `line 4`. */
  path: string;
  message: string;
  fix: string;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === "error");
}

/** Where a check sends each finding. */
export type Report = (diagnostic: Diagnostic) => void;
