// pg's SCRAM client (the one pg.Client logs in with), reused for the pooler's upstream logins.
declare module 'pg/lib/crypto/sasl.js' {
  interface Session { mechanism: string; response: string; message: string }
  export function startSession(mechanisms: string[]): Session;
  export function continueSession(session: Session, password: string, serverData: string): Promise<void>;
  export function finalizeSession(session: Session, serverData: string): void;
}
