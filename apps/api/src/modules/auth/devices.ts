import { createHash } from 'node:crypto';
import Bowser from 'bowser';

/** A browser and device as a user agent names them (bowser), for the list of sessions and the new-device mail. */
export interface DeviceInfo {
  /** 'Chrome 124', or null when the user agent names no browser we know. */
  browser: string | null;
  /** 'macOS', 'iOS 17.4', 'Windows 10'. */
  os: string | null;
  /** 'desktop', 'mobile', 'tablet', 'tv', 'bot'. */
  platform: string | null;
  /** 'Chrome on macOS', 'Safari on iOS (mobile)', 'Unknown browser'. */
  label: string;
  /** SHA-256 (hex) of the browser's and system's names and the platform type: the same for one browser after updates. */
  fingerprint: string;
}

function parse(userAgent: string | null): Bowser.Parser.ParsedResult | null {
  const ua = userAgent?.trim();
  if (!ua) return null;
  try {
    return Bowser.parse(ua);
  } catch {
    return null;
  }
}

const majorOf = (version: string | undefined): string => version?.split('.')[0] ?? '';

export function describeDevice(userAgent: string | null): DeviceInfo {
  const parsed = parse(userAgent);
  const browserName = parsed?.browser.name || null;
  const osName = parsed?.os.name || null;
  const platform = parsed?.platform.type || null;
  const browser = browserName ? [browserName, majorOf(parsed?.browser.version)].filter(Boolean).join(' ') : null;
  const osVersion = parsed?.os.versionName || parsed?.os.version;
  const os = osName ? [osName, osVersion].filter(Boolean).join(' ') : null;
  const where = osName ? ` on ${osName}` : '';
  const kind = platform && platform !== 'desktop' ? ` (${platform})` : '';
  const label = browserName ? `${browserName}${where}${kind}` : osName ? `Unknown browser${where}${kind}` : 'Unknown browser';
  const fingerprint = createHash('sha256')
    .update([browserName ?? '', osName ?? '', platform ?? ''].map((s) => s.toLowerCase()).join('\u0000'))
    .digest('hex');
  return { browser, os, platform, label, fingerprint };
}
