// The playground's entry: wires the credentials form, the card, the chat, the workbench beside it
// and the task list (whose conversations Continue in the chat).
import { loadCredentials, saveCredentials, useCard } from "./api.js";
import { renderCard, verifyCard } from "./card.js";
import { Chat } from "./chat.js";
import { withSampleInput } from "./examples.js";
import { Tasks } from "./tasks.js";
import { Workbench } from "./workbench.js";
import { $, el } from "./dom.js";

const SECRET_KEY = "iac-a2a-playground.signing-secret";

function showSchemeFields(form) {
  const scheme = form.elements.scheme.value;
  for (const label of form.querySelectorAll("[data-for]")) label.hidden = label.dataset.for !== scheme;
}

function setUpCredentials(onChange) {
  const form = $("#credentials");
  const saved = loadCredentials();
  for (const [name, value] of Object.entries(saved)) if (form.elements[name]) form.elements[name].value = value;
  showSchemeFields(form);
  form.elements.scheme.addEventListener("change", () => showSchemeFields(form));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    saveCredentials(Object.fromEntries(new FormData(form)));
    onChange();
  });
}

async function main() {
  const response = await fetch("/.well-known/agent-card.json");
  const card = await response.json();
  useCard(card);
  const workbench = new Workbench();
  const chat = new Chat({ onTurnEnd: () => void tasks.list(undefined), workbench });
  const tasks = new Tasks({
    pushEnabled: card.capabilities?.pushNotifications === true,
    onContinue: (contextId, turns) => void chat.openConversation(contextId, turns),
  });
  $("#card").replaceChildren(renderCard(card, (example) => chat.fill(withSampleInput(example))));

  const verify = $("#verify");
  verify.elements.secret.value = sessionStorage.getItem(SECRET_KEY) ?? "";
  const check = async () => {
    sessionStorage.setItem(SECRET_KEY, verify.elements.secret.value);
    $("#signature").textContent = `Signature: ${await verifyCard(card, verify.elements.secret.value)}`;
  };
  verify.addEventListener("submit", (event) => {
    event.preventDefault();
    void check();
  });
  await check();
  setUpCredentials(() => void tasks.list(undefined));
  await tasks.list(undefined);
  document.body.dataset.ready = "1";
}

main().catch((error) => $("#card").replaceChildren(el("p", { class: "error" }, `Could not load the card: ${error.message}`)));
