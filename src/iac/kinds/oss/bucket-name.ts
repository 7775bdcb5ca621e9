/**
 * The OSS bucket name rule, in a file of its own: the kind's value grammar (index.ts), its Terraform
 * builder and the ROS values step (apply-values.ts) read it, and the builders sit below index.ts.
 */

/** What OSS accepts as a bucket name: 3 to 63 lower-case letters, digits and hyphens, a letter or digit at each end. */
export const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
