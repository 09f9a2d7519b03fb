import type { Agent } from 'node:https';
import {
  endpointRefusal,
  type HostResolver,
  type PushEndpointRefusal,
  registrationRefusal,
  systemResolver,
} from './push-endpoint-rule.ts';
import { PushServiceAgent } from './push-service-agent.ts';
import type { PushRoute } from './push-transport.ts';

/** The push-endpoint rule as the app applies it: at subscription time, and on the way out. */
export interface PushEndpoints {
  /** Why a browser's subscription endpoint is refused (a field error of the subscription), or null. */
  refusalAtRegistration(endpoint: string): Promise<PushEndpointRefusal | null>;
  /** The check before each send and the agent that connects. */
  route: PushRoute;
}

export interface PushEndpointOptions {
  /** Names to addresses (dns.promises.lookup by default); tests answer without DNS. */
  resolve?: HostResolver;
  /**
   * The test seam: any https endpoint (the local stand-in push service on 127.0.0.1, its own
   * certificate trusted by this agent), without the rule. Only code that builds the app passes it
   * (tests/support/delivery-app.ts); deliveryPlugin refuses it on a production server.
   */
  insecureTestAgent?: Agent;
}

const httpsOnly = (endpoint: string): PushEndpointRefusal | null =>
  URL.canParse(endpoint) && new URL(endpoint).protocol === 'https:' ? null : 'notPushService';

export function pushEndpoints(options: PushEndpointOptions = {}): PushEndpoints {
  const resolve = options.resolve ?? systemResolver;
  if (options.insecureTestAgent) {
    return {
      refusalAtRegistration: async (endpoint) => httpsOnly(endpoint),
      route: { refusal: httpsOnly, agent: options.insecureTestAgent },
    };
  }
  return {
    refusalAtRegistration: (endpoint) => registrationRefusal(endpoint, resolve),
    route: { refusal: endpointRefusal, agent: new PushServiceAgent(resolve) },
  };
}
