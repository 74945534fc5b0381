import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import table from '../../../../src/route-table.json';
import { ErrorCode } from '../../../../types/errors';
import type { ReachInfo, SiteInfo } from '../../../../types/api/codes';
import { restaurantScene, type QrFormat, type QrKind } from '../../../../types/codes';
import { CODE_IMAGE_TYPES } from '../../config/codes';
import { AppError, invalidField, notFound } from '../../errors';
import type { Wechat } from '../../integrations/wechat';
import { drawQr, type CodeImage } from './qr';
import type { CodesRepository } from './repository';

/** A configured code: a picture file (absolute path) or a link to draw; neither when it is not set up. */
export interface ConfiguredCode {
  image?: string;
  /** An http(s) link, or a page of this site (/article?id=47). */
  url?: string;
  /** Said in words in the dialog ('' when not configured). */
  phone?: string;
  wechatId?: string;
}

export interface CodesServiceDeps {
  repo: CodesRepository;
  wechat: Wechat;
  /** The site's public origin (configured, never taken from a request's Host header). */
  siteOrigin: string;
  contact: ConfiguredCode;
  merchant: ConfiguredCode;
  /** The ICP filing number of the footer, '' when not configured. */
  icpFiling?: string;
  log: (msg: string, err: unknown) => void;
}

/**
 * Codes are few (the site, the configured two, one per restaurant); the bound only guards against a runaway, and
 * drops the least recently used first.
 */
export const CODES_KEPT = 2000;

/** The page a mini program code opens: home, in the main package, which reads `scene` (see src/utils/launch-scene.ts). */
export const MINI_PROGRAM_CODE_PAGE = table.routes.home.page;

export function createCodesService(deps: CodesServiceDeps) {
  const { repo, wechat } = deps;
  const origin = deps.siteOrigin.replace(/\/$/, '');
  /** Pictures by what they show; a failed one is forgotten so the next request tries again. */
  const cache = new LRUCache<string, Promise<CodeImage>>({ max: CODES_KEPT });

  function cached(key: string, make: () => Promise<CodeImage>): Promise<CodeImage> {
    const hit = cache.get(key);
    if (hit) return hit;
    const made = make();
    cache.set(key, made);
    made.catch(() => cache.peek(key) === made && cache.delete(key));
    return made;
  }

  const qr = (text: string, format: QrFormat) => cached(`qr:${format}:${text}`, () => drawQr(text, format));
  const restaurantUrl = (id: number) => `${origin}${table.routes.restaurantDetail.path}?id=${id}`;

  async function existingRestaurant(id: number | undefined): Promise<number> {
    if (id === undefined) throw invalidField('id', 'qrcode.id_required');
    if (!(await repo.restaurantExists(id))) throw notFound('qrcode.restaurant_not_found', { id });
    return id;
  }

  async function miniProgram(id: number | undefined, format: QrFormat): Promise<CodeImage> {
    if (id !== undefined) await existingRestaurant(id);
    const scene = id === undefined ? 'home' : restaurantScene(id);
    try {
      const code = await cached(`wxa:${scene}`, async () => {
        const image = await wechat.miniProgramCode({ scene, page: MINI_PROGRAM_CODE_PAGE });
        if (!image) throw new SandboxHasNoMiniProgram();
        return image;
      });
      return code;
    } catch (e) {
      // The sandbox has no published mini program: its "mini program code" is the H5 site's, opening the same screen.
      if (e instanceof SandboxHasNoMiniProgram) return qr(id === undefined ? `${origin}/` : restaurantUrl(id), format);
      deps.log('WeChat mini program code failed', e);
      throw new AppError(ErrorCode.Unavailable, 'qrcode.wechat_unavailable');
    }
  }

  async function configured(code: ConfiguredCode, format: QrFormat): Promise<CodeImage> {
    if (code.image) {
      const file = code.image;
      return cached(`file:${file}`, async () => ({
        contentType: CODE_IMAGE_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        body: await fs.readFile(file),
      }));
    }
    if (code.url) return qr(code.url.startsWith('/') ? `${origin}${code.url}` : code.url, format);
    throw notFound('qrcode.not_configured');
  }

  const reach = (code: ConfiguredCode): ReachInfo => ({
    qr: Boolean(code.image || code.url),
    phone: code.phone ?? '',
    wechat_id: code.wechatId ?? '',
  });

  return {
    /** What the footer's dialogs can show (a code, a phone, a WeChat ID) and the ICP filing number. */
    siteInfo(): SiteInfo {
      return { contact: reach(deps.contact), merchant: reach(deps.merchant), icp_filing: deps.icpFiling ?? '' };
    },
    /** The picture of a code; `format` applies to codes drawn here (WeChat's and configured pictures are as they are). */
    async code(kind: QrKind, id: number | undefined, format: QrFormat): Promise<CodeImage> {
      switch (kind) {
        case 'miniprogram':
          return miniProgram(id, format);
        case 'restaurant':
          return qr(restaurantUrl(await existingRestaurant(id)), format);
        case 'contact':
          return configured(deps.contact, format);
        case 'merchant':
          return configured(deps.merchant, format);
      }
    },
  };
}

class SandboxHasNoMiniProgram extends Error {}

export type CodesService = ReturnType<typeof createCodesService>;
