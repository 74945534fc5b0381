import type { Insertable } from 'kysely';
import { RATING_PHOTOS_MAX } from '../../../types/constants';
import type { ArticlesTable } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;
/** Fixed dates so the seed is the same on every machine. */
const BASE = Date.UTC(2026, 9, 1, 2, 0, 0);

type Seed = Omit<Insertable<ArticlesTable>, 'created_at' | 'published_at'> & { id: number; daysAgo: number };

const ARTICLES: Seed[] = [
  {
    id: 42,
    kind: 'article',
    daysAgo: 400,
    cover: '',
    title_cn: '我们做什么',
    title_en: 'What Do We Do',
    summary_cn: 'szeat 把深圳、惠州（银滩）、广州和东莞的好餐厅送到你家门口。',
    summary_en:
      'szeat brings good restaurants in Shenzhen, Huizhou (Silver Beach), Guangzhou and Dongguan to your door.',
    // Only what the product does (issue 15 §2): no guarantee it cannot keep, no feature it lacks.
    body_cn:
      'szeat 是一个中英双语的外卖与自取平台。\n\n' +
      '你可以按地址查找附近的餐厅，浏览菜单，把喜欢的菜加入购物车，选择外送或到店自取，并用微信支付、支付宝、货到付款（自取时到店付款）或钱包余额付款。\n\n' +
      '下单之后，订单页面会自动更新进度；商家接单前可以取消订单，也可以一键“再来一单”，或直接致电餐厅。自取订单会显示取餐码、取餐时间和餐厅地址。收到餐后，你可以为订单评分。\n\n' +
      '菜品、价格和配送范围由各家餐厅设定，结算时以页面显示的金额为准。我们目前服务深圳、惠州（银滩）、广州和东莞。',
    body_en:
      'szeat is a bilingual food delivery and takeaway marketplace.\n\n' +
      'Find restaurants near an address, read their menus, put what you like in your cart, choose delivery or ' +
      'collection, and pay with WeChat Pay, Alipay, cash on delivery (at the counter for collection) or your wallet ' +
      'balance.\n\n' +
      'After you order, the order page follows its progress by itself; an order can be cancelled until the restaurant ' +
      'accepts it, any order can be ordered again in one tap, and you can call the restaurant from it. Collection orders show the ' +
      "collection code, the time and the restaurant's address. Once you have your food you can rate the order.\n\n" +
      'Dishes, prices and delivery areas are set by each restaurant; what you pay is the amount shown at checkout. We ' +
      'serve Shenzhen, Huizhou (Silver Beach), Guangzhou and Dongguan today.',
  },
  {
    id: 43,
    kind: 'article',
    daysAgo: 120,
    cover: '',
    title_cn: '如何加入 szeat 成为合作餐厅',
    title_en: 'How to join szeat as a restaurant',
    summary_cn: '扫描商家二维码，填写资料，三个工作日内完成审核。',
    summary_en: 'Scan the merchant QR code, fill in your details and we review them within three working days.',
    body_cn:
      '第一步：在网站底部点击“如何加入”，扫描商家二维码。\n\n第二步：填写餐厅名称、地址、营业执照和联系人。\n\n' +
      '第三步：我们的团队会在三个工作日内联系你，确认菜单、配送范围和起送价。',
    body_en:
      'Step one: click "How To Join" at the bottom of the site and scan the merchant QR code.\n\n' +
      'Step two: fill in your restaurant name, address, business licence and a contact person.\n\n' +
      'Step three: our team contacts you within three working days to set up your menu, delivery radius and minimum order.',
  },
  {
    id: 44,
    kind: 'article',
    daysAgo: 60,
    cover: '',
    title_cn: '外送与到店自取有什么不同？',
    title_en: 'Delivery or collection: what is the difference?',
    summary_cn: '外送由骑手送到你的地址；自取时你会拿到取餐码和取餐时间。',
    summary_en: 'Delivery brings the food to your address; with collection you get a collection code and time.',
    body_cn:
      '选择外送时，餐厅会根据你的地址计算配送费，骑手接单后你可以在订单详情里看到进度。\n\n' +
      '选择到店自取时，不收配送费。下单后你会得到取餐时间和取餐码，到店出示即可。',
    body_en:
      'With delivery, the restaurant charges its delivery fee for your address and you can follow the courier in the ' +
      'order detail.\n\nWith collection there is no delivery fee. You get a collection time and a collection code; show ' +
      'the code at the counter.',
  },
  {
    id: 45,
    kind: 'article',
    daysAgo: 30,
    cover: '',
    title_cn: '支付方式说明',
    title_en: 'Ways to pay',
    summary_cn: '微信支付、支付宝、货到付款和钱包余额，哪一种适合你？',
    summary_en: 'WeChat Pay, Alipay, pay on delivery or wallet balance: which one suits you?',
    body_cn:
      '每家餐厅会标明接受的支付方式。在线支付成功后订单立即发送给餐厅；选择货到付款时，请准备好现金或扫码付款。\n\n' +
      '钱包余额可用于任何支持余额支付的餐厅，退款也会退回原支付方式或钱包。',
    body_en:
      'Each restaurant shows the ways it accepts. Online payments send your order to the restaurant at once; with pay ' +
      'on delivery, have cash or your phone ready.\n\nYour wallet balance works at every restaurant that accepts it, ' +
      'and refunds go back to the way you paid or to your wallet.',
  },
  {
    id: 46,
    kind: 'article',
    daysAgo: 60,
    cover: '',
    title_cn: '赞助与品牌合作',
    title_en: 'Sponsorship and brand partnerships',
    summary_cn: '在 szeat 上推广你的品牌：首页横幅、新店推荐和城市活动。',
    summary_en: 'Promote your brand on szeat: home page banners, new-restaurant features and city events.',
    body_cn:
      '我们欢迎与本地品牌、饮品商和社区活动合作。\n\n' +
      '合作方式包括：首页与餐厅列表的横幅广告、新店推荐位，以及深圳、惠州（银滩）、广州和东莞的城市美食活动。\n\n' +
      '请在网站底部点击“联系我们”，说明你的品牌、想合作的城市和时间，我们的团队会在五个工作日内回复你。',
    body_en:
      'We welcome partnerships with local brands, drinks makers and community events.\n\n' +
      'Ways to work with us: banners on the home page and the restaurant list, featured places for new restaurants, ' +
      'and food events in Shenzhen, Huizhou (Silver Beach), Guangzhou and Dongguan.\n\n' +
      'Use "Contact Us" at the bottom of the site to tell us about your brand, the cities and the dates you have in ' +
      'mind; our team replies within five working days.',
  },
  {
    id: 47,
    kind: 'article',
    daysAgo: 90,
    cover: '',
    title_cn: '联系 szeat 客服',
    title_en: 'Contact szeat customer service',
    summary_cn: '订单、退款和账户问题，我们每天 9:00 至 22:00 在线。',
    summary_en: 'Questions about an order, a refund or your account: we are here every day from 9:00 to 22:00.',
    body_cn:
      '关于订单的问题，请先打开“我的订单”，在订单详情页查看进度和餐厅信息。\n\n' +
      '退款会在餐厅确认后退回原支付方式或钱包；货到付款的订单无需退款。\n\n' +
      '客服每天 9:00 至 22:00 在线，请在联系时提供你的订单号，方便我们更快处理。',
    body_en:
      'For a question about an order, open My orders first: the order page shows its progress and the restaurant.\n\n' +
      'Refunds go back to the way you paid, or to your wallet, once the restaurant confirms them; orders paid on ' +
      'delivery need no refund.\n\n' +
      'Customer service is here every day from 9:00 to 22:00. Please give your order number when you contact us so we ' +
      'can help you faster.',
  },
];

const NEWS_TOPICS: Array<[string, string, string, string]> = [
  [
    '东莞松山湖的三家餐厅',
    'Three restaurants in Songshan Lake, Dongguan',
    '湖畔西餐厅、学府面馆和泡菜屋：松山湖的西餐、面和韩国菜。',
    'Lakeside Bistro, Campus Noodle Bar and Kimchi House: Western dishes, noodles and Korean food in Songshan Lake.',
  ],
  [
    '银滩海鲜节',
    'Silver Beach seafood festival',
    '银滩海鲜大排档的蒜蓉烤生蚝和烤扇贝正当季。',
    'Garlic grilled oysters and grilled scallops are in season at Silver Beach Seafood Stalls.',
  ],
  [
    '微信小程序上线',
    'Our WeChat mini program is live',
    '在微信中搜索 szeat，或在网站顶部扫码即可使用。',
    'Search for szeat in WeChat, or scan the code at the top of the site.',
  ],
  [
    '广州天河区满 80 减 15',
    '¥15 off ¥80 in Tianhe, Guangzhou',
    '在天河区的餐厅下单，菜品满 80 元立减 15 元（配送费不计入）。',
    'At restaurants in Tianhe, ¥80 of dishes get ¥15 off (the delivery fee does not count).',
  ],
  [
    '到店自取，凭码取餐',
    'Order ahead, collect at the counter',
    '选择到店自取，下单后会得到取餐时间和取餐码，到店出示即可。',
    'Choose collection: you get a collection time and a code to show at the counter.',
  ],
  [
    '春节期间营业安排',
    'Opening over Spring Festival',
    '春节期间部分餐厅调整营业时间，请以餐厅页面为准。',
    'Some restaurants change their hours over Spring Festival; check each restaurant page.',
  ],
  [
    '用钱包余额付款',
    'Pay with your wallet balance',
    '在支持余额支付的餐厅，结算时可以直接用钱包余额付款。',
    'At restaurants that accept it, pay at checkout with your wallet balance.',
  ],
  [
    '评分功能升级：可以上传照片了',
    'Ratings now take photos',
    `为订单评分时，可以附上最多 ${RATING_PHOTOS_MAX} 张照片。`,
    `When you rate an order, you can now add up to ${RATING_PHOTOS_MAX} photos.`,
  ],
  [
    '订单页面自动更新',
    'Your order page updates itself',
    '下单之后，餐厅接单、出餐和配送，订单页面都会自动更新。',
    'After you order, the order page follows the restaurant accepting, preparing and sending it, by itself.',
  ],
  [
    '新用户首单免配送费',
    'No delivery fee on your first order',
    '你的第一笔订单如果是外送，免配送费（取消的订单不算）。',
    'If your first order is a delivery, it has no delivery fee (cancelled orders do not count).',
  ],
  [
    '英文菜单全面上线',
    'English menus everywhere',
    '所有合作餐厅的菜单现在都有英文版本。',
    'Every partner restaurant now has an English menu.',
  ],
  [
    '台风天气配送提示',
    'Deliveries during typhoon warnings',
    '台风预警期间，部分区域可能暂停配送，请留意通知。',
    'During typhoon warnings some areas may pause deliveries; watch for notices.',
  ],
];

export function articleSeed(): Insertable<ArticlesTable>[] {
  const news: Seed[] = NEWS_TOPICS.map(([title_cn, title_en, summary_cn, summary_en], i) => ({
    id: 100 + i,
    kind: 'news',
    daysAgo: 3 + i * 6,
    cover: '',
    title_cn,
    title_en,
    summary_cn,
    summary_en,
    body_cn: `${summary_cn}\n\n详情请查看各餐厅页面或联系客服。`,
    body_en: `${summary_en}\n\nSee each restaurant page for details, or contact customer service.`,
  }));
  return [...ARTICLES, ...news].map(({ daysAgo, ...row }) => ({
    ...row,
    published_at: BASE - daysAgo * DAY,
    created_at: BASE - daysAgo * DAY,
  }));
}
