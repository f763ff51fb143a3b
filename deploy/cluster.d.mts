// The types of cluster.mjs, which is plain JavaScript so that it runs where only the production dependencies are.
import type { ChildProcess } from 'node:child_process';

export interface ClusterPorts {
  /** nginx's public port (the shop). */
  public: number;
  /** nginx's internal port in front of the REST services (the gateways' REST_URL). */
  restProxy: number;
  gateways: [number, number];
  rest: [number, number];
  /** Each part's METRICS_PORT (rest-1, rest-2, gateway-1, gateway-2), on 127.0.0.1; none without. */
  metrics?: [number, number, number, number];
}

export interface ClusterPart {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: number | string | undefined;
}

export interface Cluster {
  url: string;
  parts: Map<string, ClusterPart>;
  restart(name: string): Promise<ClusterPart>;
  rollingRestart(onEach?: (name: string) => void): Promise<void>;
  stop(): Promise<void>;
}

/** The whole nginx.conf of a cluster in `dir`: deploy/nginx/medshop.conf.template with these addresses filled in. */
export function nginxConf(
  dir: string,
  addresses: { PUBLIC_ADDRESS: string; REST_ADDRESS: string; GATEWAY_1: string; GATEWAY_2: string; REST_1: string; REST_2: string },
): string;

export function startCluster(options: {
  dir: string;
  env: NodeJS.ProcessEnv;
  ports: ClusterPorts;
  publicHost?: string;
  nginx?: string;
}): Promise<Cluster>;
