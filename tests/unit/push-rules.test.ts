import { describe, expect, it } from 'vitest';
import { createNoticeGate, parsePush } from '../../src/modules/messages/rules.ts';
import { soundFor } from '../../src/modules/messages/sounds.ts';
import { pushTopic, type PushMessage } from '../../src/shared/push.ts';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';
import { browserBrokerUrl } from '../../server/platform/push/index.ts';

const message = (messageId: number, extra: Partial<PushMessage> = {}): PushMessage => ({
  category: '1',
  type: '121',
  content: '工单已派发',
  time: '2026-11-22 09:00:00',
  pushParams: { messageId, functionId: 'WO-1', type: '121' },
  ...extra,
});

describe('push notice rules (spec 4)', () => {
  it('ignores a message without category, drops the last shown messageId, and checks only the first message on the server', async () => {
    const checked: number[] = [];
    let last: string | null = null;
    const admit = createNoticeGate({
      lastShown: () => last,
      isRead: async (id) => {
        checked.push(id);
        return id === 1;
      },
    });
    expect(await admit(message(9, { category: '' }))).toBe(false);
    expect(checked).toEqual([]);
    expect(await admit(message(1))).toBe(false); // first message, already read on the server
    expect(await admit(message(2))).toBe(true); // later ones are not checked
    expect(checked).toEqual([1]);
    last = '2';
    expect(await admit(message(2))).toBe(false);
    expect(await admit(message(3))).toBe(true);
  });

  it('shows the first message only when the read check answers unread', async () => {
    const failing = createNoticeGate({ lastShown: () => null, isRead: async () => null });
    expect(await failing(message(5))).toBe(false);
    const unread = createNoticeGate({ lastShown: () => null, isRead: async () => false });
    expect(await unread(message(5))).toBe(true);
  });

  it('reads only JSON objects as push messages', () => {
    expect(parsePush('not json')).toBeNull();
    expect(parsePush('[1]')).toBeNull();
    expect(parsePush(JSON.stringify(message(1)))?.pushParams.messageId).toBe(1);
  });
});

describe('notification sounds (spec 9)', () => {
  it('picks the first matching case, in the order of the spec', () => {
    expect(soundFor({ category: '2', type: 'pending_receive_msg' })).toBe('expire');
    expect(soundFor({ category: '2', type: '154' })).toBe('notice');
    expect(soundFor({ category: '1', type: '121' })).toBe('handle');
    expect(soundFor({ category: '1', type: '103' })).toBe('handle');
    expect(soundFor({ category: '1', type: '109' })).toBe('rob-order');
    expect(soundFor({ category: '3', type: '154' })).toBe('comment');
    expect(soundFor({ category: '1', type: 'approval' })).toBe('notice');
  });
});

describe('push topic (spec 5, 7.6)', () => {
  it('exists only for a stored domain that is not the text null and holds no MQTT wildcard', () => {
    expect(pushTopic('yj_weixiu')).toBe('push/yj_weixiu');
    for (const domain of ['', null, undefined, 'null', 'a/b', 'a+', '#', 'a b']) expect(pushTopic(domain)).toBeNull();
  });
});

describe('PMS_MQTT_URL', () => {
  it('takes a WebSocket URL, refuses anything browsers cannot reach, and never hands the credentials to browsers', () => {
    expect(loadConfig({}).mqttUrl).toBe('');
    expect(loadConfig({ PMS_MQTT_URL: 'wss://svc:pw@mqtt.example.com/mqtt' }).mqttUrl).toBe('wss://svc:pw@mqtt.example.com/mqtt');
    expect(() => loadConfig({ PMS_MQTT_URL: 'mqtt://mqtt.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ PMS_MQTT_URL: 'not a url' })).toThrow(/PMS_MQTT_URL must be a URL/);
    expect(browserBrokerUrl('wss://svc:pw@mqtt.example.com/mqtt')).toBe('wss://mqtt.example.com/mqtt');
    expect(browserBrokerUrl('')).toBe('');
  });
});
