/**
 * The Chinese text of the stack-operation explanations, keyed by their English source text (the
 * gettext convention: the English sentence is the message id, so a sentence added in English without
 * a translation falls back to English instead of disappearing). API names and CLI commands are not
 * translated.
 */
export const STACK_OPERATIONS_ZH: Readonly<Record<string, string>> = {
  "Check the stack status and its StatusReason": "查看资源栈状态及其 StatusReason",
  "List the failure events to find the first resource that failed and why": "列出失败事件，找到最先失败的资源及原因",
  "See the state of every resource in the stack": "查看资源栈中每个资源的状态",
  "Validate the corrected template (and preview it with your parameters) before retrying": "重试前先校验修正后的模板（并用你的参数预览）",
  "After fixing the cause (quota, permission, parameter value), resume creation from the failed resources; this works when the stack was created with DisableRollback=true":
    "修复原因（配额、权限、参数值）后，从失败的资源继续创建；资源栈以 DisableRollback=true 创建时可用",
  "Apply the corrected template or parameter values to the stack": "把修正后的模板或参数值应用到资源栈",
  "If the update is stuck, cancel it safely (ROS rolls back what it changed)": "如果更新卡住，安全地取消它（ROS 会回滚已做的更改）",
  "Delete the rolled-back stack; it holds no resources and cannot be resumed": "删除已回滚的资源栈；它已不含资源，也无法继续",
  "Or, to start over instead of resuming, delete the stack (the resources it created are deleted with it)": "或者，不继续而是重新开始：删除资源栈（已创建的资源会一起删除）",
  "Retry the deletion, keeping (retaining) the resources that cannot be deleted, then clean those up by hand": "重试删除，保留无法删除的资源，之后手动清理它们",
  "Create the stack again; keep DisableRollback=true so a failure can be resumed with ContinueCreateStack": "重新创建资源栈；保持 DisableRollback=true，失败后可以用 ContinueCreateStack 继续",
  "Read the stack outputs (addresses, IDs)": "读取资源栈输出（地址、ID）",
  "ROS is creating the stack's resources. Nothing needs doing yet; creation ends in CREATE_COMPLETE or CREATE_FAILED.": "ROS 正在创建资源栈的资源，暂时无需操作；创建会以 CREATE_COMPLETE 或 CREATE_FAILED 结束。",
  "Every resource was created. The stack is ready.": "所有资源均已创建，资源栈可以使用。",
  "At least one resource could not be created and the stack was created without rollback (DisableRollback=true), so the resources that succeeded still exist and creation can be resumed.":
    "至少一个资源创建失败，且资源栈创建时未开启回滚（DisableRollback=true），因此已成功的资源仍然存在，可以继续创建。",
  "Creation failed and ROS is deleting the resources it had created (rollback).": "创建失败，ROS 正在删除已创建的资源（回滚）。",
  "Creation failed and every created resource was rolled back (deleted). The stack holds no resources and cannot be resumed; fix the cause, delete it and create it again.":
    "创建失败，所有已创建的资源都已回滚（删除）。资源栈不含资源，无法继续；修复原因后删除它并重新创建。",
  "Creation failed and the rollback could not delete some resources; they may still exist and cost money.": "创建失败，且回滚未能删除部分资源；它们可能仍然存在并产生费用。",
  "ROS is applying a template or parameter change to the stack.": "ROS 正在把模板或参数的更改应用到资源栈。",
  "The last update was applied to every affected resource.": "上次更新已应用到所有相关资源。",
  "The update could not be applied to at least one resource. Resources already updated keep their new state; the stack can be updated again.":
    "更新未能应用到至少一个资源。已更新的资源保持新状态；资源栈可以再次更新。",
  "ROS is deleting the stack's resources.": "ROS 正在删除资源栈的资源。",
  "The stack and its resources (except retained ones) were deleted.": "资源栈及其资源（保留的除外）已删除。",
  "Some resources could not be deleted, usually because something outside the stack still depends on them (an instance in a vSwitch, an ENI in a security group) or they are protected.":
    "部分资源无法删除，通常是因为资源栈外仍有东西依赖它们（交换机中的实例、安全组中的弹性网卡），或它们开启了保护。",
  "ROS is checking that the stack's resources still exist.": "ROS 正在检查资源栈的资源是否仍然存在。",
  "The check found every resource of the stack.": "检查找到了资源栈的所有资源。",
  "The check found resources that were changed or deleted outside ROS (drift).": "检查发现有资源在 ROS 之外被修改或删除（漂移）。",
  "The requested instance type or resource is not on sale in that zone right now. Pick another zone or instance type (the AssociationProperty selectors in the console list only what is on sale) and retry.":
    "所请求的实例规格或资源在该可用区当前无货。请换一个可用区或规格（控制台中 AssociationProperty 选择器只列出在售的）后重试。",
  "An account quota was reached. Raise it in Quota Center, or create fewer resources of that kind.": "达到了账号配额。请在配额中心提升配额，或减少该类资源的数量。",
  "The RAM user or role that ROS acts as lacks permission for this action. Grant it the product's permissions, or create the stack with a ROS service role (RamRoleName) that has them.":
    "ROS 使用的 RAM 用户或角色缺少该操作的权限。请授予相应产品的权限，或使用具备这些权限的 ROS 服务角色（RamRoleName）创建资源栈。",
  "The account balance is insufficient for a pay-as-you-go resource. Top up the account and retry.": "账号余额不足以创建按量付费资源。请充值后重试。",
  "The resource is still used by something outside the stack (instances or ENIs in a vSwitch or security group, an EIP still bound). Remove or detach those, then retry.":
    "该资源仍被资源栈外的东西使用（交换机或安全组中的实例、弹性网卡，仍绑定的 EIP）。移除或解绑它们后重试。",
  "A CIDR block overlaps another one or is outside the VPC. Give each vSwitch a distinct subnet of the VPC CIDR.": "某个网段与其他网段重叠或不在 VPC 内。请为每个交换机分配 VPC 网段内互不重叠的子网。",
  "A resource with that name already exists (OSS bucket and RAM names are unique). Choose another name or import the existing resource.": "同名资源已存在（OSS 存储桶和 RAM 名称全局唯一）。请换一个名称或导入已有资源。",
  "A referenced resource does not exist: it was deleted outside ROS, or belongs to another region or account. Correct the ID parameter.": "引用的资源不存在：它在 ROS 之外被删除，或属于其他地域或账号。请更正 ID 参数。",
  "An operation or WaitCondition timed out. Check the instance's user data or RunCommand output, and raise Timeout if the work is slow.": "某个操作或 WaitCondition 超时。请检查实例的 UserData 或 RunCommand 输出，工作较慢时调大 Timeout。",
  "The resource was in a state that does not allow this operation (still starting or stopping). Wait for it to settle and retry.": "资源处于不允许该操作的状态（仍在启动或停止）。等待其稳定后重试。",
  "A transient service error. Retry the operation (ContinueCreateStack or UpdateStack).": "临时性服务错误。请重试该操作（ContinueCreateStack 或 UpdateStack）。",
  "A property or parameter value is not valid for the API. Correct it in the template or parameters, run ValidateTemplate, and retry.": "某个属性或参数值对该 API 无效。请在模板或参数中更正，运行 ValidateTemplate 后重试。",
  "The resource operation was cancelled because another resource failed first; fix that first failure.": "该资源的操作因其他资源先失败而被取消；请先修复最先的那个失败。",
  "What it means:": "含义：",
  "Stack status reason:": "资源栈状态原因：",
  "Failed resources": "失败的资源",
  Resource: "资源",
  Type: "类型",
  Status: "状态",
  Reason: "原因",
  "Likely cause": "可能的原因",
  "Next steps": "下一步",
  "failure events": "失败事件",
  Stack: "资源栈",
  "Events are listed newest first, so the original failure is probably **{resource}**; resources after it often fail only because the operation was cancelled.":
    "事件按时间倒序列出，因此最初的失败很可能是 **{resource}**；其后的资源往往只是因为操作被取消而失败。",
  "Replace `<region-id>` and `<stack-id>` with the stack's region and ID (shown by `aliyun ros ListStacks --RegionId <region-id>`).":
    "把 `<region-id>` 和 `<stack-id>` 换成资源栈的地域和 ID（可用 `aliyun ros ListStacks --RegionId <region-id>` 查看）。",
  "ROS stack states": "ROS 资源栈状态",
  State: "状态",
  Meaning: "含义",
  "Usual next step": "通常的下一步",
  "resources are being created": "正在创建资源",
  "all resources created": "所有资源已创建",
  "creation failed, rollback disabled": "创建失败，未开启回滚",
  "creation failed and was rolled back": "创建失败并已回滚",
  "rollback could not delete some resources": "回滚未能删除部分资源",
  "an update could not be applied": "更新未能应用",
  "some resources could not be deleted": "部分资源无法删除",
  "wait; GetStack": "等待；GetStack",
  "read Outputs with GetStack": "用 GetStack 读取输出",
  "ListStackEvents, fix, ContinueCreateStack": "ListStackEvents，修复，ContinueCreateStack",
  "fix, DeleteStack, CreateStack again": "修复，DeleteStack，再次 CreateStack",
  "DeleteStack with RetainResources, clean up": "带 RetainResources 的 DeleteStack，再清理",
  "ListStackEvents, fix, UpdateStack": "ListStackEvents，修复，UpdateStack",
  "remove dependents, DeleteStack (RetainResources)": "移除依赖，DeleteStack（RetainResources）",
  "Find the cause of any failure in the `StatusReason` of the first `*_FAILED` event:": "任何失败的原因都在第一个 `*_FAILED` 事件的 `StatusReason` 中：",
};
