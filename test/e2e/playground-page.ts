/**
 * The playground's browser tests share this: headless Chromium (Debian's `chromium`, driven by
 * puppeteer-core; no browser download) with a proxy that points nowhere (loopback bypassed), so a
 * request for anything off this machine fails and shows up as a problem; a page opened on the
 * server with every request, console error and failed request recorded; and the composer driven to
 * the end of a turn.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { DevServer } from "./wrangler-dev.ts";

const CHROMIUM = process.env.IACCODE_TEST_CHROMIUM ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=127.0.0.1;localhost", "--window-size=1500,1000"],
    defaultViewport: { width: 1500, height: 1000 },
  });
}

/**
 * One Chromium for a test file: launched before its tests (with `output`, its screenshots and
 * downloads, emptied) and closed after them. Returns the browser's getter.
 */
export function chromiumForFile(output: string): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    rmSync(output, { recursive: true, force: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("Chromium is not running (chromiumForFile's beforeAll has not run)");
    return browser;
  };
}

export interface Watched {
  page: Page;
  /** Every URL the page requested, and every console error or failed request. */
  requested: string[];
  problems: string[];
}

/** The playground of `server` in a new page, its downloads going to `downloads`, once the page says it is ready. */
export async function openPage(browser: Browser, server: DevServer, downloads: string): Promise<Watched> {
  await browser.defaultBrowserContext().overridePermissions(server.base, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
  const page = await browser.newPage();
  const requested: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => void requested.push(r.url()));
  page.on("requestfailed", (r) => void problems.push(`failed ${r.url()}`));
  page.on("console", (m) => void (m.type() === "error" && problems.push(`console ${m.text()}`)));
  page.on("pageerror", (e) => void problems.push(`pageerror ${String(e)}`));
  mkdirSync(downloads, { recursive: true });
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  const response = await page.goto(`${server.base}/`, { waitUntil: "networkidle0" });
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await page.waitForSelector("body[data-ready]");
  return { page, requested, problems };
}

/** The window as a user sees it; `fullPage` for what lies below the panels (a full-page shot resets inner scrolling). */
export async function screenshot(page: Page, path: string, fullPage = false): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage });
}

/** The number of turns the transcript holds that have settled (the stream ended and the workbench took the turn). */
export function settledTurns(page: Page): Promise<number> {
  return page.$$eval("#transcript li.agent[data-settled]", (nodes) => nodes.length);
}

/** Waits until more than `before` turns have settled. */
export async function waitForTurn(page: Page, before: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll("#transcript li.agent[data-settled]").length > n, { timeout: 60_000 }, before);
}

/** Sends `text` from the composer with the Send button and waits for that turn to settle; returns the turn's element index. */
export async function sendAndWait(page: Page, text: string | undefined): Promise<number> {
  const before = await page.$$eval("#transcript li.agent", (nodes) => nodes.length);
  const settled = await settledTurns(page);
  if (text !== undefined) await page.$eval("#composer textarea", (node, value) => ((node as HTMLTextAreaElement).value = value), text);
  await page.click("#send");
  await waitForTurn(page, settled);
  return before;
}

export async function waitForFile(folder: string, name: string): Promise<Buffer> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (existsSync(join(folder, name)) && !readdirSync(folder).some((f) => f.endsWith(".crdownload"))) return readFileSync(join(folder, name));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no download ${name} in ${folder}`);
}
