import type { PushMessage } from '../../shared/push.ts';

/** The sound files of spec 9 in public/sounds/ (made by scripts/make-sounds.mjs). */
export type SoundName = 'expire' | 'notice' | 'handle' | 'rob-order' | 'comment';

/**
 * Spec 9, first match wins: type pending_receive_msg expire; category '2' notice; category '1'
 * with type 121 or 103 handle; type 109 rob-order; type 154 comment. Every shown notice plays a
 * sound (spec 4 rule 4), so one that matches none gets the reminder chime.
 */
export function soundFor(message: Pick<PushMessage, 'category' | 'type'>): SoundName {
  const type = String(message.type);
  if (type === 'pending_receive_msg') return 'expire';
  if (message.category === '2') return 'notice';
  if (message.category === '1' && (type === '121' || type === '103')) return 'handle';
  if (type === '109') return 'rob-order';
  if (type === '154') return 'comment';
  return 'notice';
}

export const soundUrl = (name: SoundName) => `/sounds/${name}.wav`;

/** Plays a sound; false only when the browser blocks audio until the user interacts (spec 8). */
export async function playSound(name: SoundName): Promise<boolean> {
  try {
    await new Audio(soundUrl(name)).play();
    return true;
  } catch (error) {
    return !(error instanceof DOMException && error.name === 'NotAllowedError');
  }
}
