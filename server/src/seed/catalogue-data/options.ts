/**
 * Option group templates the demo menus use, by key. `compulsory` groups need a choice (min_select at least 1);
 * optional groups may be left empty. Prices are yuan deltas (converted to fen by the seed).
 */
export interface OptionTemplate {
  name_cn: string;
  name_en: string;
  compulsory: boolean;
  min: number;
  max: number;
  options: Array<[cn: string, en: string, deltaYuan: number]>;
}

export const OPTION_TEMPLATES = {
  spice: {
    name_cn: '辣度',
    name_en: 'Spice level',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['不辣', 'Not spicy', 0],
      ['微辣', 'Mild', 0],
      ['中辣', 'Medium', 0],
      ['特辣', 'Extra hot', 0],
    ],
  },
  staple: {
    name_cn: '主食',
    name_en: 'Rice or noodles',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['白米饭', 'Steamed rice', 0],
      ['炒面', 'Fried noodles', 3],
      ['不要主食', 'No staple', 0],
    ],
  },
  noodle: {
    name_cn: '面条',
    name_en: 'Noodle type',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['细面', 'Thin noodles', 0],
      ['宽面', 'Wide noodles', 0],
      ['米粉', 'Rice vermicelli', 1],
    ],
  },
  addons: {
    name_cn: '加料',
    name_en: 'Extras',
    compulsory: false,
    min: 0,
    max: 3,
    options: [
      ['加煎蛋', 'Fried egg', 3],
      ['加肉', 'Extra meat', 8],
      ['加青菜', 'Extra greens', 3],
      ['加芝士', 'Cheese', 5],
    ],
  },
  size: {
    name_cn: '规格',
    name_en: 'Size',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['中杯', 'Regular', 0],
      ['大杯', 'Large', 4],
    ],
  },
  sugar: {
    name_cn: '甜度',
    name_en: 'Sweetness',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['标准糖', 'Regular sugar', 0],
      ['半糖', 'Half sugar', 0],
      ['少糖', 'Less sugar', 0],
      ['无糖', 'No sugar', 0],
    ],
  },
  ice: {
    name_cn: '温度',
    name_en: 'Ice',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['正常冰', 'Regular ice', 0],
      ['少冰', 'Less ice', 0],
      ['去冰', 'No ice', 0],
      ['热', 'Hot', 0],
    ],
  },
  toppings: {
    name_cn: '小料',
    name_en: 'Toppings',
    compulsory: false,
    min: 0,
    max: 2,
    options: [
      ['珍珠', 'Tapioca pearls', 2],
      ['椰果', 'Coconut jelly', 2],
      ['布丁', 'Pudding', 3],
      ['芋圆', 'Taro balls', 3],
    ],
  },
  pizza_size: {
    name_cn: '尺寸',
    name_en: 'Pizza size',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['9 寸', '9 inch', 0],
      ['12 寸', '12 inch', 30],
    ],
  },
  crust: {
    name_cn: '饼底',
    name_en: 'Crust',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['经典手拍', 'Classic hand-tossed', 0],
      ['薄脆', 'Thin and crispy', 0],
      ['芝心', 'Cheese-stuffed', 12],
    ],
  },
  meal: {
    name_cn: '升级套餐',
    name_en: 'Make it a meal',
    compulsory: false,
    min: 0,
    max: 1,
    options: [
      ['配薯条和可乐', 'With fries and cola', 12],
      ['配沙拉和果汁', 'With salad and juice', 15],
    ],
  },
  sauce: {
    name_cn: '蘸料',
    name_en: 'Dipping sauces',
    compulsory: false,
    min: 0,
    max: 2,
    options: [
      ['沙茶酱', 'Satay sauce', 0],
      ['蒜蓉酱', 'Garlic sauce', 0],
      ['辣椒油', 'Chilli oil', 0],
      ['豉油', 'Soy sauce', 0],
    ],
  },
  portion: {
    name_cn: '份量',
    name_en: 'Portion',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['小份', 'Small', 0],
      ['大份', 'Large', 10],
    ],
  },
  skewers: {
    name_cn: '串数',
    name_en: 'Skewers',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['5 串', '5 skewers', 0],
      ['10 串', '10 skewers', 14],
    ],
  },
  sides: {
    name_cn: '配菜（选两样）',
    name_en: 'Sides (choose two)',
    compulsory: true,
    min: 2,
    max: 2,
    options: [
      ['牛油果', 'Avocado', 0],
      ['毛豆', 'Edamame', 0],
      ['玉米', 'Sweetcorn', 0],
      ['紫甘蓝', 'Red cabbage', 0],
      ['溏心蛋', 'Soft-boiled egg', 2],
    ],
  },
  tea_extras: {
    name_cn: '加料',
    name_en: 'Add-ins',
    compulsory: false,
    min: 0,
    max: 2,
    options: [
      ['加柠檬片', 'Extra lemon', 1],
      ['加蜂蜜', 'Honey', 2],
      ['加珍珠', 'Tapioca pearls', 2],
    ],
  },
  temperature: {
    name_cn: '冷热',
    name_en: 'Hot or iced',
    compulsory: true,
    min: 1,
    max: 1,
    options: [
      ['热', 'Hot', 0],
      ['冰', 'Iced', 2],
    ],
  },
} satisfies Record<string, OptionTemplate>;

export type OptionKey = keyof typeof OPTION_TEMPLATES;
