/**
 * Issue 20 item 4: the reply where every client reads. A turn that produced assistant text keeps
 * its status messages and also ends with one `response` text artifact of its final reply (streamed
 * as an artifactUpdate with lastChunk just before the final status, kept as the task's newest
 * artifact, one per turn); the conformance kit's scenarios, whose events the kit counts, get none.
 */
import { describe, expect, it } from "vitest";
import { ANSWER_TURN_KINDS, kinds, ok, readSse, send, stream, userMessage, type TaskLike } from "./helpers/rpc";

interface ArtifactLike {
  artifactId: string;
  name?: string;
  parts: Array<{ text?: string; url?: string }>;
}
type TaskWithArtifacts = Omit<TaskLike, "artifacts"> & { artifacts?: ArtifactLike[] };

const textOf = (message: { parts: Array<{ text?: string }> } | undefined) => message?.parts.map((p) => p.text ?? "").join("");

describe("issue 20 item 4: the `response` artifact", () => {
  it("a blocking turn with assistant text: the final status message stays, and the task's newest artifact is `response` with the same text", async () => {
    const task = (await send(userMessage("describe a VPC"))).task as TaskWithArtifacts;
    expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const reply = textOf(task.status.message);
    expect(reply).toMatch(/^Received: describe a VPC/);
    expect(task.artifacts).toEqual([{ artifactId: `${task.id}-response-1`, name: "response", parts: [{ text: reply }] }]);
  });

  it("streamed: the response artifactUpdate (append false, lastChunk true) comes right before the final status", async () => {
    const events = await readSse(await stream("SendStreamingMessage", { message: userMessage("stream me") }));
    expect(kinds(events)).toEqual(ANSWER_TURN_KINDS);
    const update = events[3]?.data.result?.artifactUpdate as { append: boolean; lastChunk: boolean; artifact: ArtifactLike };
    expect(update).toMatchObject({ append: false, lastChunk: true, artifact: { name: "response" } });
    const final = events[4]?.data.result?.statusUpdate as { status: { message: { parts: Array<{ text?: string }> } } };
    expect(textOf(update.artifact)).toBe(textOf(final.status.message));
    // The WORKING delta carried the same text as it streamed: status messages are kept as they were.
    const delta = events[2]?.data.result?.statusUpdate as { status: { message: { parts: Array<{ text?: string }> } } };
    expect(textOf(delta.status.message)).toBe(textOf(update.artifact));
  });

  it("one per turn: a follow-up adds its own `response`, newest last, and the first stays", async () => {
    const first = (await send(userMessage("one"))).task as TaskWithArtifacts;
    const second = (await send(userMessage("two", { taskId: first.id }))).task as TaskWithArtifacts;
    expect(second.artifacts?.map((a) => [a.artifactId, a.name])).toEqual([
      [`${first.id}-response-1`, "response"],
      [`${first.id}-response-2`, "response"],
    ]);
    expect(textOf(second.artifacts?.at(-1))).toBe(textOf(second.status.message));
    expect(textOf(second.artifacts?.at(-1))).toMatch(/^Received: two/);
    const got = await ok<TaskWithArtifacts>("GetTask", { id: first.id });
    expect(got.artifacts).toEqual(second.artifacts);
  });

  it("the kit's scenarios get no `response` artifact (the kit counts their events)", async () => {
    const completed = (await send({ ...userMessage("go"), messageId: `tck-complete-task-${crypto.randomUUID().slice(0, 6)}` })).task as TaskWithArtifacts;
    expect(completed.status.state).toBe("TASK_STATE_COMPLETED");
    expect(completed.artifacts ?? []).toEqual([]);
    const streamed = await readSse(
      await stream("SendStreamingMessage", { message: { ...userMessage("go"), messageId: `tck-stream-001-${crypto.randomUUID().slice(0, 6)}` } }),
    );
    const names = streamed.map((e) => (e.data.result?.artifactUpdate as { artifact: ArtifactLike } | undefined)?.artifact.name).filter(Boolean);
    expect(names).not.toContain("response");
    expect(kinds(streamed)).toEqual(["task", "statusUpdate:TASK_STATE_WORKING", "artifactUpdate", "statusUpdate:TASK_STATE_COMPLETED"]);
  });

  it("a canceled turn ends without one: `Task canceled.` is no reply", async () => {
    const waiting = (await send(userMessage("x"))).task as TaskWithArtifacts;
    const canceled = await ok<TaskWithArtifacts>("CancelTask", { id: waiting.id });
    expect(canceled.status.state).toBe("TASK_STATE_CANCELED");
    expect(canceled.artifacts?.map((a) => a.artifactId)).toEqual([`${waiting.id}-response-1`]);
  });
});
