/** Explaining ROS stack states and failure events, with the next API and CLI steps. */
import { describe, expect, it } from "vitest";
import { explainStackOperation } from "../../../src/iac/index";

const STACK_ID = "4a6c9851-3b0f-4f5f-b4ca-a14bf691e5d2";

const EVENTS = JSON.stringify({
  RequestId: "B288A0BE-D927-4888-B0F7-B35EF84B6E6F",
  Events: [
    {
      StackId: STACK_ID,
      StackName: "web-stack",
      LogicalResourceId: "web-stack",
      ResourceType: "ALIYUN::ROS::Stack",
      Status: "CREATE_FAILED",
      StatusReason: "Resource CREATE failed: EcsInstance",
    },
    {
      StackId: STACK_ID,
      StackName: "web-stack",
      LogicalResourceId: "Slb",
      ResourceType: "ALIYUN::SLB::LoadBalancer",
      Status: "CREATE_FAILED",
      StatusReason: "Resource creation cancelled",
    },
    {
      StackId: STACK_ID,
      StackName: "web-stack",
      LogicalResourceId: "EcsInstance",
      ResourceType: "ALIYUN::ECS::Instance",
      Status: "CREATE_FAILED",
      StatusReason: "code: 403, The specified instance type is out of stock (OperationDenied.NoStock). request id: 1B3B..., RegionId: cn-hangzhou",
    },
    { StackId: STACK_ID, LogicalResourceId: "Vpc", ResourceType: "ALIYUN::ECS::VPC", Status: "CREATE_COMPLETE", StatusReason: "state changed" },
  ],
});

describe("explaining ListStackEvents output of a failed creation", () => {
  const answer = explainStackOperation(`Why did my stack fail? ${EVENTS}`);

  it("lists the failed resources with their reasons", () => {
    expect(answer).toContain("| EcsInstance | ALIYUN::ECS::Instance | CREATE_FAILED |");
    expect(answer).toContain("OperationDenied.NoStock");
    expect(answer).not.toContain("| Vpc |");
  });

  it("explains the cause in plain words", () => {
    expect(answer).toContain("not on sale in that zone");
    expect(answer).toContain("cancelled because another resource failed first");
  });

  it("points at the original failure, not the cancelled ones", () => {
    expect(answer).toContain("the original failure is probably **EcsInstance**");
  });

  it("lays out the next steps with ROS APIs and aliyun CLI commands for this stack and region", () => {
    expect(answer).toContain("`ContinueCreateStack`");
    expect(answer).toContain(`aliyun ros ListStackEvents --RegionId cn-hangzhou --StackId ${STACK_ID}`);
    expect(answer).toContain(
      `aliyun ros ContinueCreateStack --RegionId cn-hangzhou --StackId ${STACK_ID} --RecreatingResources.1 Slb --RecreatingResources.2 EcsInstance`,
    );
    expect(answer).toContain("aliyun ros DeleteStack");
    expect(answer).not.toContain("--RecreatingResources.1 web-stack");
  });
});

describe("explaining stack states", () => {
  it("CREATE_COMPLETE: read the outputs", () => {
    const answer = explainStackOperation("My stack is CREATE_COMPLETE, what now?");
    expect(answer).toContain("Every resource was created");
    expect(answer).toContain("aliyun ros GetStack");
  });

  it("ROLLBACK_COMPLETE: cannot be resumed; delete and create again with rollback disabled", () => {
    const answer = explainStackOperation(
      `GetStack says {"StackId":"${STACK_ID}","StackName":"app","RegionId":"cn-shanghai","Status":"ROLLBACK_COMPLETE","StatusReason":"Resource CREATE failed: Forbidden.RAM"}`,
    );
    expect(answer).toContain("## app: ROLLBACK_COMPLETE");
    expect(answer).toContain("cannot be resumed");
    expect(answer).toContain(`aliyun ros DeleteStack --RegionId cn-shanghai --StackId ${STACK_ID}`);
    expect(answer).toContain("aliyun ros CreateStack --RegionId cn-shanghai --StackName app");
    expect(answer).toContain("--DisableRollback true");
    expect(answer).toContain("Forbidden.RAM");
    expect(answer).not.toContain("aliyun ros ContinueCreateStack");
  });

  it("UPDATE_FAILED: fix and UpdateStack again", () => {
    const answer = explainStackOperation("the update of stack demo ended in UPDATE_FAILED in Beijing");
    expect(answer).toContain("UpdateStack");
    expect(answer).toContain("--RegionId cn-beijing");
    expect(answer).toContain("<stack-id>");
  });

  it("DELETE_FAILED: remove dependents, then delete retaining the blocked resources", () => {
    const text = `Stack ${STACK_ID} is DELETE_FAILED
VSwitch  ALIYUN::ECS::VSwitch  DELETE_FAILED  DependencyViolation: the vSwitch has dependent instances
`;
    const answer = explainStackOperation(text);
    expect(answer).toContain("| VSwitch | ALIYUN::ECS::VSwitch | DELETE_FAILED |");
    expect(answer).toContain("still used by something outside the stack");
    expect(answer).toContain(`--StackId ${STACK_ID} --RetainResources.1 VSwitch`);
  });

  it("CREATE_FAILED with a quota message names the quota", () => {
    const answer = explainStackOperation('{"Status":"CREATE_FAILED","StatusReason":"QuotaExceed.ElasticQuota: exceeded the maximum number of vCPUs"}');
    expect(answer).toContain("quota");
    expect(answer).toContain("ContinueCreateStack");
  });

  it("without a state or events, gives an overview of the states and the first command to run", () => {
    const answer = explainStackOperation("what do ROS stack states mean?");
    expect(answer).toContain("| ROLLBACK_FAILED |");
    expect(answer).toContain("aliyun ros ListStackEvents");
  });
});

describe("issue 27 item 6: a stack failure pasted as console text, in the user's language", () => {
  const CONSOLE_ROWS = [
    "EcsInstance\tALIYUN::ECS::Instance\tCREATE_FAILED\t2026-12-01 10:22:31\tResource CREATE failed: InvalidInstanceType.ValueNotSupported: The specified InstanceType does not exist or is not supported in this zone.",
    "Vpc\tALIYUN::ECS::VPC\tCREATE_COMPLETE\t2026-12-01 10:21:02\tstate changed",
  ].join("\n");

  it("a console row names its own resource (not 'CREATE' from 'Resource CREATE failed'), and the reason without the event's time", () => {
    const answer = explainStackOperation(`my stack failed, here is what the console shows:\n${CONSOLE_ROWS}`);
    expect(answer).toContain("| EcsInstance | ALIYUN::ECS::Instance | CREATE_FAILED | Resource CREATE failed: InvalidInstanceType.ValueNotSupported");
    expect(answer).not.toContain("| CREATE |");
    expect(answer).not.toMatch(/\| 2026-12-01 10:22:31/);
    expect(answer).toMatch(/not on sale in that zone/);
    expect(answer).toContain("--RecreatingResources.1 EcsInstance");
  });

  it("the same rows asked in Chinese are answered in Chinese, with the failed resource and the cause", () => {
    const answer = explainStackOperation(`资源栈创建失败了，控制台显示：\n${CONSOLE_ROWS}`, "zh");
    expect(answer).toContain("### 失败的资源");
    expect(answer).toContain("| EcsInstance | ALIYUN::ECS::Instance | CREATE_FAILED |");
    expect(answer).toContain("### 可能的原因");
  });
});
