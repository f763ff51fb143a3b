// The types of cluster.mjs, which is plain JavaScript so that it runs where only the production dependencies are.
import type { ChildProcess } from 'node:child_process';

export interface ClusterPorts {
  /** nginx's public port (the shop). */
  public: number;
  /** nginx's internal port in front of the REST services (the gateways' REST_URL). */
  restProxy: number;
  gateways: [number, number];
  rest: [number, number];
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

export function startCluster(options: {
  dir: string;
  env: NodeJS.ProcessEnv;
  ports: ClusterPorts;
  publicHost?: string;
  nginx?: string;
}): Promise<Cluster>;
