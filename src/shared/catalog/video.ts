// Video links → video id and thumbnail URLs (spec part 2 §7: hqdefault, mqdefault, maxresdefault,
// falling back to hqdefault; the id comes from a `v` query parameter or the last path segment).

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const THUMBNAIL_HOST = 'https://i.ytimg.com/vi';

export function videoId(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const fromQuery = parsed.searchParams.get('v');
  const candidate = fromQuery ?? parsed.pathname.split('/').filter(Boolean).pop() ?? '';
  return VIDEO_ID.test(candidate) ? candidate : null;
}

export type VideoThumbnails = { default: string; hq: string; mq: string; maxres: string };

export function videoThumbnails(url: string | null | undefined): VideoThumbnails | null {
  const id = videoId(url);
  if (!id) return null;
  const at = (size: string) => `${THUMBNAIL_HOST}/${id}/${size}.jpg`;
  return { default: at('hqdefault'), hq: at('hqdefault'), mq: at('mqdefault'), maxres: at('maxresdefault') };
}
