/** The Terraform builder of the RDS kind (index.ts): databases inside the VPC, each with its administrator account (and backup policy). */
import { RDS_ENGINE_VERSIONS, RDS_STORAGE_GB, sizeWithin } from "../../generate/resource-defaults";
import type { TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted, vswitchFor } from "../../terraform/terraform-build/hcl";

/** "autoscale up to 1000GB": the twin's `StorageAutoScale`, `StorageThreshold` and `StorageUpperBound` as the provider names them. */
function storageAutoScaleLines(details: TerraformBuild["details"]): string[] {
  const scale = details.rdsStorageAutoScale;
  if (!scale) return [];
  return ['storage_auto_scale       = "Enable"', `storage_threshold        = ${scale.threshold}`, `storage_upper_bound      = ${scale.upperBound}`];
}

/** The databases (inside the VPC only), each with its administrator account and, when the twin keeps backups a set number of days, its backup policy. */
export function buildRds({ request, values, details, vswitches, hcl }: TerraformBuild): void {
  const instanceClass = details.rdsClass ? quoted(details.rdsClass) : "data.alicloud_db_instance_classes.rds.instance_classes[0].instance_class";
  const whitelist = (details.whitelists.rds ?? [request.vpcCidr.text]).map(quoted).join(", ");
  for (let index = 0; index < (request.counts.vpc > 0 ? request.counts.rds : 0); index += 1) {
    const name = `rds_${index + 1}`;
    hcl.resource("alicloud_db_instance", name, [
      `instance_name            = ${quoted(`rds-${index + 1}`)}`,
      `engine                   = ${quoted(request.rdsEngine)}`,
      `engine_version           = ${quoted(values.rdsEngineVersion ?? RDS_ENGINE_VERSIONS[request.rdsEngine])}`,
      `instance_type            = ${instanceClass}`,
      ...(details.rdsCategory ? [`category                 = ${quoted(details.rdsCategory)}`] : []),
      `instance_storage         = ${sizeWithin(values.rdsStorage, RDS_STORAGE_GB) ?? 20}`,
      'db_instance_storage_type = "cloud_essd"',
      `vswitch_id               = ${vswitchFor(vswitches, index)}`,
      `security_ips             = [${whitelist}]`,
      ...storageAutoScaleLines(details),
      ...(details.rdsPort !== undefined ? [`port                     = ${quoted(String(details.rdsPort))}`] : []),
      ...(details.deletionProtection?.rds ? ["deletion_protection      = true"] : []),
    ]);
    // "backup retention 7 days": the backup policy is a resource of its own in the provider.
    if (details.rdsBackupRetention !== undefined)
      hcl.resource("alicloud_db_backup_policy", name, [
        `instance_id             = alicloud_db_instance.${name}.id`,
        `backup_retention_period = ${details.rdsBackupRetention}`,
      ]);
    for (const [position, database] of (details.rdsDatabases ?? []).entries())
      hcl.resource("alicloud_db_database", `${name}_db_${position + 1}`, [
        `instance_id   = alicloud_db_instance.${name}.id`,
        `name          = ${quoted(database.name)}`,
        `character_set = ${quoted(database.characterSet)}`,
      ]);
    hcl.resource("alicloud_rds_account", name, [
      `db_instance_id   = alicloud_db_instance.${name}.id`,
      `account_name     = ${quoted(details.rdsAccount ?? "dbadmin")}`,
      "account_password = var.db_password",
      'account_type     = "Super"',
    ]);
    hcl.output(`${name}_connection_string`, `alicloud_db_instance.${name}.connection_string`, `The connection string of database ${index + 1}.`);
  }
}
