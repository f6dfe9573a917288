// The dashboard's sound toggle: a short blip, off until the member turns it on, remembered.

export const SOUND_KEY = 'flowvault.sound';

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Storage can be unavailable (private mode); the toggle then lasts for this page only.
  }
}

let context: AudioContext | undefined;

/** A 90 ms sine blip, only when sound is on and the browser has Web Audio. */
export function blip(): void {
  if (!soundEnabled() || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = 'sine';
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.06, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.09);
  osc.connect(gain).connect(context.destination);
  osc.start();
  osc.stop(context.currentTime + 0.1);
}
