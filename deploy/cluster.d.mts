// The types of cluster.mjs, which is plain JavaScript so that it runs where only the production dependencies are.
import type { ChildProcess } from 'node:child_process';

export interface ClusterPorts {
  /** nginx's public port (the shop). */
  public: number;
  /** nginx's internal port in front of the REST services (the gateways' REST_URL). */
  restProxy: number;
  gateways: [number, number];
  rest: [number, number];
  /** Each server's METRICS_PORT (rest-1, rest-2, gateway-1, gateway-2), on 127.0.0.1; none without. */
  metrics?: [number, number, number, number];
  /** The supervisor's own metrics on 127.0.0.1; none without. */
  supervisor?: number;
}

export interface ClusterPart {
  name: string;
  pid: number;
  /** Where a server listens (not nginx). */
  port?: number;
  child: ChildProcess;
  logFile: string;
  exited: number | string | undefined;
}

/** How the supervisor keeps the parts running (deploy/cluster.mjs: SUPERVISION has the defaults). */
export interface Supervision {
  firstRestartDelayMs: number;
  maxRestartDelayMs: number;
  restartsBeforeGivingUp: number;
  stableMs: number;
  probeIntervalMs: number;
  probeTimeoutMs: number;
  shedAfterMs: number;
  restoreAfterMs: number;
  killAfterMs: number;
  readyTimeoutMs: number;
}

export const SUPERVISION: Supervision;

export class ClusterError extends Error {}

export interface Cluster {
  url: string;
  dir: string;
  /** The process of each part now: rest-1, rest-2, gateway-1, gateway-2, nginx. */
  parts: Map<string, ClusterPart>;
  /** Every server replaced in turn, each only once its new instance is ready; true when all were. */
  reload(reason?: string): Promise<boolean>;
  /** A reload that must succeed; `onEach` hears of each server replaced. */
  rollingRestart(onEach?: (name: string) => void): Promise<void>;
  stop(): Promise<void>;
}

export function startCluster(options: {
  dir: string;
  env: NodeJS.ProcessEnv;
  ports: ClusterPorts;
  publicHost?: string;
  nginx?: string;
  supervision?: Partial<Supervision>;
  /** Each of the supervisor's lines (printed by default). */
  log?: (line: string) => void;
}): Promise<Cluster>;

export function clusterPorts(base: number): Required<ClusterPorts>;
export function nginxTimeouts(env: NodeJS.ProcessEnv): { GATEWAY_TIMEOUT: string; REST_TIMEOUT: string };
export function fillTemplate(values: Record<string, string>): string;
export function wholeNginxConf(dir: string, site: string, more?: string): string;
