import * as oidc from 'openid-client';
import type { SsoConfig } from '../config.ts';

export interface ExchangeInput {
  /** The full /yslogin URL the provider returned to, with code, state and iss. */
  callbackUrl: string;
  codeVerifier: string;
  state: string;
}

/**
 * The relying-party side of single sign-on (openid-client): discovers the provider once,
 * exchanges an authorization code with PKCE and the client secret, and returns the claims
 * of the verified ID token. Works the same against the embedded provider and Keycloak.
 */
export class SsoClient {
  private discovered?: Promise<oidc.Configuration>;

  constructor(private readonly sso: SsoConfig) {}

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(new URL(this.sso.issuer), this.sso.clientId, this.sso.clientSecret, undefined, {
        // The demo runs on plain http://localhost; a real deployment's issuer is https.
        execute: this.sso.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /**
   * The embedded provider answers on every address of the console: its pages are given as paths,
   * so the browser stays on the address the user opened (its cookies and return page with it).
   */
  private embeddedPath(endpoint: string): string {
    return `${new URL(this.sso.issuer).pathname.replace(/\/+$/, '')}/${endpoint}`;
  }

  async authorizationEndpoint(): Promise<string> {
    if (this.sso.embedded) return this.embeddedPath('auth');
    return (await this.configuration()).serverMetadata().authorization_endpoint ?? '';
  }

  async endSessionEndpoint(): Promise<string> {
    if (this.sso.embedded) return this.embeddedPath('session/end');
    return (await this.configuration()).serverMetadata().end_session_endpoint ?? '';
  }

  async exchange(input: ExchangeInput): Promise<Record<string, unknown>> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, new URL(input.callbackUrl), {
      pkceCodeVerifier: input.codeVerifier,
      expectedState: input.state,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    return claims as Record<string, unknown>;
  }
}
