import type { MqttClient } from 'mqtt';
import { runtimeConfig } from '../../core/runtimeConfig.ts';
import { getStaffId, getToken, onLogin, SESSION_KEYS } from '../../core/session.ts';
import { pushTopic, type PushMessage } from '../../shared/push.ts';
import { messages } from './api.ts';
import { emitPushMessage } from './events.ts';
import { createNoticeGate, parsePush } from './rules.ts';
import { playSound, soundFor, type SoundName } from './sounds.ts';
import { refreshUnread, setNoticeState } from './state.ts';

/** What the layout renders: the notice itself, and the modal when audio is blocked. */
export interface NoticePresenter {
  show(message: PushMessage): void;
  audioBlocked(retry: () => Promise<boolean>): void;
}

const LAST_SHOWN_KEY = 'pms:lastNoticeId';

let client: MqttClient | null = null;
let generation = 0;
let presenter: NoticePresenter | null = null;
let queue: Promise<void> = Promise.resolve();
let admit = newGate();

function newGate() {
  return createNoticeGate({
    lastShown: () => sessionStorage.getItem(LAST_SHOWN_KEY),
    async isRead(messageId) {
      const answer = await messages.readState(messageId);
      return answer.status === '200' ? answer.data?.records?.isRead !== 0 : null;
    },
  });
}

/** The layout registers how notices are drawn; a notice arriving with no layout is left to the list. */
export function setPresenter(next: NoticePresenter | null): void {
  presenter = next;
}

/** The app's own /mqtt (wss when the page is https), unless the runtime config names a broker. */
function brokerUrl(): string {
  const configured = runtimeConfig().mqttUrl;
  if (configured) return configured;
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/mqtt`;
}

/** Spec 4 rule 4: showing sets the alert flag, plays the sound and refreshes the unread count. */
async function show(message: PushMessage): Promise<void> {
  if (!presenter) return;
  sessionStorage.setItem(LAST_SHOWN_KEY, String(message.pushParams?.messageId ?? ''));
  setNoticeState({ noticePageAlert: true });
  presenter.show(message);
  void refreshUnread();
  void sound(soundFor(message));
  emitPushMessage(message);
}

async function sound(name: SoundName): Promise<void> {
  if (await playSound(name)) return;
  setNoticeState({ autoPlayAvailable: false });
  presenter?.audioBlocked(async () => {
    const played = await playSound(name);
    if (played) setNoticeState({ autoPlayAvailable: true });
    return played;
  });
}

function receive(payload: string): void {
  const message = parsePush(payload);
  if (!message) return;
  // One at a time, in arrival order: the read check of rule 3 must not let a later message overtake.
  queue = queue.then(async () => {
    if (await admit(message)) await show(message);
  });
}

/** No resource fetched for this long: the page's start-up (shell, screen, its data) is over. */
const QUIET_MS = 500;
/** The push client starts by then whatever the page is still fetching. */
const MAX_WAIT_MS = 5000;
let startUp: Promise<void> | undefined;

/**
 * Resolves once the first screen is there: no resource has come in for QUIET_MS (or MAX_WAIT_MS
 * have passed), then the main thread is idle. The MQTT client (about 100 KB gzip) loads after
 * it rather than beside the screen's own code and data.
 */
function afterStartUp(): Promise<void> {
  return (startUp ??= new Promise<void>((resolve) => {
    const idle = () => {
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(latest);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
      else resolve();
    };
    let quiet = window.setTimeout(idle, QUIET_MS);
    const latest = window.setTimeout(idle, MAX_WAIT_MS);
    const observer = new PerformanceObserver(() => {
      clearTimeout(quiet);
      quiet = window.setTimeout(idle, QUIET_MS);
    });
    observer.observe({ type: 'resource' });
  }));
}

/**
 * Opens the push connection (spec 5, 7.6, 9) when a business account domain is stored and is not
 * the text 'null': subscribes to push/{domain} at QoS 1 on every (re)connection, reconnects after
 * the broker comes back, and stops for good when the broker refuses the session.
 */
export async function startPush(): Promise<void> {
  if (client) return;
  const topic = pushTopic(localStorage.getItem(SESSION_KEYS.businessAccountDomain));
  const token = getToken();
  if (!topic || !token) {
    setNoticeState({ connection: 'off' });
    return;
  }
  const mine = ++generation;
  setNoticeState({ connection: 'connecting' });
  await afterStartUp();
  if (mine !== generation || client) return;
  // mqtt's browser build has a default export only.
  const { connect } = (await import('mqtt')).default;
  if (mine !== generation || client) return;
  const next = connect(brokerUrl(), {
    username: localStorage.getItem(SESSION_KEYS.userAccount) || 'pms',
    password: token,
    clientId: `pms_web_${getStaffId()}_${Math.random().toString(16).slice(2, 10)}`,
    connectTimeout: 4000,
    keepalive: 60,
    clean: true,
    resubscribe: false,
    reconnectPeriod: 2000,
  });
  client = next;
  next.on('connect', () => {
    next.subscribe(topic, { qos: 1 }, (error, granted) => {
      if (error || !granted?.length || granted[0].qos === 128) return;
      setNoticeState({ connection: 'online' });
      void refreshUnread();
    });
  });
  next.on('offline', () => client === next && setNoticeState({ connection: 'connecting' }));
  next.on('error', (error) => {
    // CONNACK 4 or 5: the session is over or not allowed; retrying would not change that.
    const code = (error as { code?: number }).code;
    if (code === 4 || code === 5) {
      stopPush();
      setNoticeState({ connection: 'refused' });
    }
  });
  next.on('message', (_topic, payload) => receive(payload.toString()));
}

export function stopPush(): void {
  generation++;
  client?.end(true);
  client = null;
  setNoticeState({ connection: 'off' });
}

/** Spec 4: a successful login restarts the push connection (a new session, new rules state). */
export function restartPush(): void {
  stopPush();
  admit = newGate();
  void startPush();
}

onLogin(() => restartPush());
