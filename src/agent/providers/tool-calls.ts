/**
 * Assembling streamed tool calls into `tool_call_start` / `tool_call_delta` / `tool_call_end`
 * events. Two input styles exist: indexed deltas (OpenAI Chat Completions and the servers that copy
 * it: the first fragment of call `index` carries its id and name, later fragments append to
 * `function.arguments`) and whole calls (Workers AI's `tool_calls: [{name, arguments}]`).
 */
import type { ModelEvent } from "../model";

/** A tool call id for a call that came without one: `call_<n>_<9 random base-36 characters>`. */
export function generatedToolCallId(n: number): string {
  const random = new Uint8Array(9);
  crypto.getRandomValues(random);
  return `call_${n}_${Array.from(random, (byte) => (byte % 36).toString(36)).join("")}`;
}

/** JSON text of tool arguments: strings as they are, anything else stringified; empty means `{}`. */
export function argumentsText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

interface Slot {
  id?: string;
  name?: string;
  arguments: string;
  /** Arguments received before the name, emitted with the start. */
  pending: string;
  started: boolean;
  ended: boolean;
}

export interface ToolCallFragment {
  id?: string;
  name?: string;
  arguments?: string;
}

export class ToolCallAssembler {
  private readonly byIndex = new Map<number, Slot>();
  private readonly slots: Slot[] = [];
  private generated = 0;

  /** Calls seen so far (started or not). */
  get count(): number {
    return this.slots.length;
  }

  /** One fragment of the call at `index`. A fragment with another id than its slot's starts a new call. */
  fragment(index: number, fragment: ToolCallFragment): ModelEvent[] {
    let slot = this.byIndex.get(index);
    if (!slot || slot.ended || (fragment.id !== undefined && slot.id !== undefined && fragment.id !== slot.id)) {
      slot = { arguments: "", pending: "", started: false, ended: false };
      this.byIndex.set(index, slot);
      this.slots.push(slot);
    }
    if (slot.id === undefined && fragment.id !== undefined) slot.id = fragment.id;
    if (slot.name === undefined && fragment.name !== undefined) slot.name = fragment.name;
    const out: ModelEvent[] = [];
    const delta = fragment.arguments ?? "";
    slot.arguments += delta;
    if (!slot.started) {
      slot.pending += delta;
      if (slot.name !== undefined) out.push(...this.start(slot));
    } else if (delta !== "") {
      out.push({ type: "tool_call_delta", id: slot.id ?? "", argumentsDelta: delta });
    }
    return out;
  }

  /** A call that arrived whole: start, one delta with all its arguments, end. */
  whole(call: { id?: string; name: string; arguments: string }): ModelEvent[] {
    const slot: Slot = {
      arguments: call.arguments,
      pending: call.arguments,
      started: false,
      ended: false,
      name: call.name,
      ...(call.id !== undefined && { id: call.id }),
    };
    this.slots.push(slot);
    return [...this.start(slot), ...this.end(slot)];
  }

  /**
   * Ends every open call, in the order they began. A call that never got a name cannot be run:
   * `onNameless` decides what to throw.
   */
  finish(onNameless: () => Error): ModelEvent[] {
    const out: ModelEvent[] = [];
    for (const slot of this.slots) {
      if (slot.ended) continue;
      if (!slot.started) {
        if (slot.name === undefined) throw onNameless();
        out.push(...this.start(slot));
      }
      out.push(...this.end(slot));
    }
    return out;
  }

  private start(slot: Slot): ModelEvent[] {
    slot.started = true;
    slot.id ??= generatedToolCallId(++this.generated);
    const out: ModelEvent[] = [{ type: "tool_call_start", id: slot.id, name: slot.name ?? "" }];
    if (slot.pending !== "") out.push({ type: "tool_call_delta", id: slot.id, argumentsDelta: slot.pending });
    slot.pending = "";
    return out;
  }

  private end(slot: Slot): ModelEvent[] {
    slot.ended = true;
    return [{ type: "tool_call_end", id: slot.id ?? "", name: slot.name ?? "", arguments: slot.arguments === "" ? "{}" : slot.arguments }];
  }
}
