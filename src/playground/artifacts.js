// Artifacts as download links, and a preview of text artifacts (a template) in the page. The
// artifact URL needs the caller's credentials, which a plain link cannot send, so a click fetches
// it with them, checks the bytes against the announced sha256, and hands the browser a blob URL to
// save; Preview fetches the same way and shows the text in a monospace block (never as HTML).
import { get } from "./api.js";
import { el, formatBytes } from "./dom.js";
import { codeBlock } from "./markdown.js";

/** Media types (and file endings) whose bytes are text worth showing in the page. */
const PREVIEWABLE = /^(text\/|application\/(json|x-yaml|yaml|x-hcl))|\.(ya?ml|json|tf|hcl|txt|md)$/i;
/** A preview larger than this is cut (a template is a few KiB; the page stays responsive). */
const PREVIEW_MAX_BYTES = 256 * 1024;

function previewButton(part, name) {
  const button = el("button", { type: "button", class: "preview" }, "Preview");
  const holder = el("div", { class: "preview-body" });
  button.addEventListener("click", async () => {
    if (holder.childElementCount > 0) {
      holder.replaceChildren();
      button.textContent = "Preview";
      return;
    }
    button.textContent = "Loading…";
    const response = await get(part.url);
    if (!response.ok) {
      holder.replaceChildren(el("p", { class: "error" }, `preview failed: HTTP ${response.status}`));
      button.textContent = "Preview";
      return;
    }
    const buffer = await response.arrayBuffer();
    const text = new TextDecoder().decode(buffer.slice(0, PREVIEW_MAX_BYTES));
    const lang = /\.json$/i.test(name) ? "json" : /\.(tf|hcl)$/i.test(name) ? "hcl" : /\.ya?ml$/i.test(name) ? "yaml" : "";
    holder.replaceChildren(codeBlock(text, { lang, filename: name }));
    button.textContent = "Hide preview";
  });
  return { button, holder };
}

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One list item per file part of the artifact: name, size, sha256 and a download link. */
export function artifactItems(artifact) {
  return (artifact.parts ?? [])
    .filter((part) => part.url)
    .map((part) => {
      const meta = part.metadata ?? {};
      const link = el("a", { href: "#", class: "download", "data-sha256": meta.sha256 ?? "" }, part.filename ?? artifact.name ?? "artifact");
      const status = el("span", { class: "muted" });
      link.addEventListener("click", async (event) => {
        if (link.dataset.ready) return; // the blob URL is in place: let the browser save it
        event.preventDefault();
        status.textContent = " downloading…";
        const response = await get(part.url);
        if (!response.ok) {
          status.textContent = ` download failed: HTTP ${response.status}`;
          return;
        }
        const buffer = await response.arrayBuffer();
        const actual = await sha256Hex(buffer);
        status.textContent = meta.sha256 && actual !== meta.sha256 ? " sha256 mismatch!" : " sha256 verified";
        link.href = URL.createObjectURL(new Blob([buffer], { type: part.mediaType ?? "application/octet-stream" }));
        link.download = part.filename ?? "artifact";
        link.dataset.ready = "1";
        link.click();
      });
      const name = part.filename ?? artifact.name ?? "artifact";
      const preview = PREVIEWABLE.test(part.mediaType ?? "") || PREVIEWABLE.test(name) ? previewButton(part, name) : undefined;
      return el(
        "li",
        { class: "artifact" },
        "file ",
        link,
        ` ${formatBytes(meta.byteSize)} `,
        el("code", { title: "sha256" }, meta.sha256 ? `sha256 ${meta.sha256.slice(0, 16)}…` : ""),
        status,
        preview ? [" ", preview.button, preview.holder] : undefined,
      );
    });
}
