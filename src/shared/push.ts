/** The push message of spec 3, as the services publish it and the browser receives it. */
export interface PushMessage {
  /** '1' a to-do, anything else a reminder. */
  category: string;
  type: string;
  content: string;
  /** When it was stored, 'YYYY-MM-DD HH:mm:ss' (spec 9). */
  time: string;
  pushParams: {
    /** The stored message's id: the read check and mark-read calls take it. */
    messageId: number;
    /** The business record (a work order opens /newTaskDetail?quesTaskId=<functionId>); null when none. */
    functionId: string | null;
    type: string;
  };
}

/** Spec 3: category '1' is a to-do, anything else a reminder. */
export const TODO_CATEGORY = '1';

/**
 * Spec 5 and 7.6: the topic of a business account domain, or null when none is usable (empty,
 * the text 'null', MQTT wildcards, level separators or white space).
 */
export function pushTopic(domain: string | null | undefined): string | null {
  if (!domain || domain === 'null' || /[+#/\s]/.test(domain)) return null;
  return `push/${domain}`;
}
