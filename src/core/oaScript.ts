import { runtimeConfig } from './runtimeConfig.ts';

let loading: Promise<boolean> | null = null;

/**
 * Spec 2.1: the OA detail routes load the office-automation helper script (PMS_OA_SCRIPT_URL)
 * when the page does not have it yet; once per page. Resolves true when it is present, false
 * when none is configured or it could not be loaded (the page works without it).
 */
export function loadOaScript(): Promise<boolean> {
  const url = runtimeConfig().oaScriptUrl;
  if (!url) return Promise.resolve(false);
  const absolute = new URL(url, window.location.href).href;
  if ([...document.scripts].some((s) => s.src === absolute)) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = absolute;
    script.async = true;
    script.dataset.oaHelper = 'true';
    script.onload = () => resolve(true);
    script.onerror = () => {
      script.remove();
      loading = null;
      resolve(false);
    };
    document.head.appendChild(script);
  });
  return loading;
}
