/** Values the projects' global setups provide to the tests (`inject`). */
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    receiverUrl: string;
    modelServerUrl: string;
    rosServerUrl: string;
    jwksServerUrl: string;
    dohServerUrl: string;
  }
}
