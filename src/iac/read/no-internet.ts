/**
 * "No internet access at all", "nothing public", "不对公网开放": the whole request is kept off the
 * Internet (round seven: "1 x SLB (private), 3 x app … No internet access at all" opened port 80 to
 * 0.0.0.0/0 and the check passed it). The generator then keeps every port inside the VPC and every
 * load balancer internal; the check (scope.ts) calls any rule open to everyone, or an internet load
 * balancer, broader than asked. One bounded pattern, read by both: linear in the text.
 */

/** The phrases, each a fixed run of words with bounded gaps. */
const NO_INTERNET =
  /\b(?:no|without)\s{1,3}(?:public|internet|external)\s{1,3}(?:access|exposure|ingress|traffic)\b|\bnot\s{1,3}(?:be\s{1,3})?(?:reachable|accessible|exposed)\s{1,3}(?:from|to)\s{1,3}(?:the\s{1,3})?(?:internet|outside|public)\b|\bnothing\s{1,3}(?:public|exposed|internet[- ]facing)\b|\bfully\s{1,3}private\b|\bno\s{1,3}internet[- ]facing\b|不对公网|禁止公网|无公网访问|不需要公网访问|不开放公网|不允许公网|完全内网/i;

/** Whether the request keeps everything off the Internet. */
export function asksNoInternetAccess(text: string): boolean {
  return NO_INTERNET.test(text);
}
