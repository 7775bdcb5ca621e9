/**
 * Products a request names that no kind builds ("A PolarDB MySQL cluster", "a MongoDB replica set"):
 * when nothing buildable is left, the reply names them, so the user learns that the product is
 * outside what the offline engine builds, not that the request is outside cloud infrastructure.
 * Read from the lexer's product tokens (vocabulary.ts), in the order written, each once.
 */
import { phrase, type Phrase } from "../read/request-language";
import { tokenize } from "./vocabulary";

const PRODUCT_NAMES: Readonly<Record<string, Phrase>> = {
  polardb: phrase("PolarDB", "PolarDB"),
  mongodb: phrase("ApsaraDB for MongoDB", "云数据库 MongoDB"),
  alb: phrase("ALB (Application Load Balancer)", "应用型负载均衡 ALB"),
  nlb: phrase("NLB (Network Load Balancer)", "网络型负载均衡 NLB"),
  ack: phrase("Kubernetes (ACK)", "容器服务 Kubernetes 版（ACK）"),
  ess: phrase("Auto Scaling", "弹性伸缩"),
  kafka: phrase("Kafka", "消息队列 Kafka"),
  cdn: phrase("CDN", "CDN"),
  waf: phrase("WAF", "Web 应用防火墙"),
  fc: phrase("Function Compute", "函数计算"),
  readonly: phrase("RDS read-only instances", "RDS 只读实例"),
  eni: phrase("elastic network interfaces (ENIs)", "弹性网卡（ENI）"),
  nas: phrase("NAS file systems", "NAS 文件存储"),
  "deployment-set": phrase("deployment sets", "部署集"),
  "snapshot-policy": phrase("automatic snapshot policies", "自动快照策略"),
  domain: phrase("custom domains for buckets", "存储空间的自定义域名"),
  dns: phrase("DNS records (Alibaba Cloud DNS)", "云解析 DNS 记录"),
  cms: phrase("CloudMonitor alarms", "云监控告警"),
};

export function unbuiltProducts(text: string): Phrase[] {
  const seen = new Set<string>();
  const named: Phrase[] = [];
  for (const token of tokenize(text)) {
    if (token.kind !== "name" || token.of !== "product") continue;
    const product = String(token.value);
    const name = PRODUCT_NAMES[product];
    if (!name || seen.has(product)) continue;
    seen.add(product);
    named.push(name);
  }
  return named;
}
