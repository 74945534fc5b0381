import type { OptionKey } from './options';

/** A dish: Chinese and English names, price in yuan, picture kind, option groups, optional descriptions. */
export type Dish = [
  cn: string,
  en: string,
  yuan: number,
  kind: string,
  options?: OptionKey[],
  descCn?: string,
  descEn?: string,
];

export interface CategoryData {
  cn: string;
  en: string;
  dishes: Dish[];
}

export interface CuisineData {
  id: number;
  code: string;
  cn: string;
  en: string;
  categories: CategoryData[];
}

/** Drinks most restaurants add at the end of their menu. */
// prettier-ignore
export const DRINKS: CategoryData = {
  cn: '饮品',
  en: 'Drinks',
  dishes: [
    ['冻柠檬茶', 'Iced lemon tea', 12, 'juice', ['sugar', 'tea_extras'], '港式红茶配鲜柠檬', 'Hong Kong black tea with fresh lemon'],
    ['可口可乐', 'Coca-Cola', 6, 'cola'],
    ['鲜榨橙汁', 'Fresh orange juice', 16, 'juice', ['ice']],
    ['王老吉凉茶', 'Wong Lo Kat herbal tea', 7, 'herbaltea'],
    ['矿泉水', 'Mineral water', 4, 'water'],
  ],
};

// prettier-ignore
export const CUISINES: CuisineData[] = [
  {
    id: 1,
    code: 'cantonese',
    cn: '粤菜',
    en: 'Cantonese',
    categories: [
      {
        cn: '招牌点心',
        en: 'Signature dim sum',
        dishes: [
          ['水晶虾饺皇', 'Crystal shrimp dumplings', 28, 'dimsum', [], '每笼四只，整只鲜虾', 'Four per basket, whole fresh prawns'],
          ['蟹籽烧卖', 'Siu mai with crab roe', 24, 'dimsum', [], '猪肉鲜虾烧卖', 'Pork and prawn siu mai'],
          ['叉烧包', 'Barbecue pork buns', 18, 'bun'],
          ['豉汁蒸凤爪', 'Chicken feet in black bean sauce', 22, 'chicken', ['spice']],
          ['鲜虾肠粉', 'Prawn rice rolls', 26, 'dimsum', ['sauce']],
          ['流沙包', 'Salted egg custard buns', 20, 'bun'],
          ['蛋挞', 'Egg tarts', 16, 'tart'],
          ['萝卜糕', 'Pan-fried turnip cake', 18, 'dimsum'],
        ],
      },
      {
        cn: '烧味',
        en: 'Roast meats',
        dishes: [
          ['蜜汁叉烧', 'Honey-glazed char siu', 48, 'roast', ['portion'], '每日现烧', 'Roasted fresh every day'],
          ['脆皮烧鹅', 'Crispy roast goose', 68, 'roast', ['portion'], '皮脆肉嫩，配酸梅酱', 'Crisp skin, tender meat, with plum sauce'],
          ['白切鸡', 'Poached chicken with ginger', 58, 'chicken', ['portion']],
          ['烧味双拼饭', 'Two roast meats on rice', 32, 'rice', ['addons']],
        ],
      },
      {
        cn: '粥粉面',
        en: 'Congee and noodles',
        dishes: [
          ['皮蛋瘦肉粥', 'Century egg and pork congee', 18, 'congee'],
          ['艇仔粥', 'Sampan congee', 20, 'congee'],
          ['干炒牛河', 'Stir-fried beef ho fun', 32, 'noodles', ['addons']],
          ['云吞面', 'Wonton noodle soup', 24, 'noodles', ['noodle']],
          ['扬州炒饭', 'Yangzhou fried rice', 26, 'rice'],
        ],
      },
      {
        cn: '时蔬',
        en: 'Vegetables',
        dishes: [
          ['蚝油生菜', 'Lettuce with oyster sauce', 22, 'veg'],
          ['白灼菜心', 'Blanched choy sum', 22, 'veg'],
          ['蒜蓉西兰花', 'Broccoli with garlic', 24, 'veg'],
        ],
      },
    ],
  },
  {
    id: 2,
    code: 'sichuan',
    cn: '川菜',
    en: 'Sichuan',
    categories: [
      {
        cn: '招牌菜',
        en: 'House specials',
        dishes: [
          ['水煮鱼', 'Fish in chilli oil', 78, 'fish', ['spice'], '鲜嫩草鱼片，麻辣鲜香', 'Tender fish slices in numbing, spicy broth'],
          ['麻婆豆腐', 'Mapo tofu', 26, 'tofu', ['spice', 'staple']],
          ['宫保鸡丁', 'Kung pao chicken', 36, 'chicken', ['spice', 'staple']],
          ['回锅肉', 'Twice-cooked pork', 38, 'spicy', ['spice', 'staple']],
          ['鱼香肉丝', 'Yu-xiang shredded pork', 32, 'spicy', ['spice', 'staple']],
          ['辣子鸡', 'Chongqing chilli chicken', 48, 'chicken', ['spice']],
          ['毛血旺', 'Mao xue wang', 58, 'hotpot', ['spice']],
        ],
      },
      {
        cn: '冷菜',
        en: 'Cold dishes',
        dishes: [
          ['口水鸡', 'Mouth-watering chicken', 32, 'chicken', ['spice']],
          ['夫妻肺片', 'Sliced beef in chilli sauce', 36, 'beef', ['spice']],
          ['凉拌木耳', 'Wood ear mushroom salad', 18, 'veg'],
        ],
      },
      {
        cn: '面食小吃',
        en: 'Noodles and snacks',
        dishes: [
          ['担担面', 'Dan dan noodles', 22, 'noodles', ['spice', 'addons']],
          ['红油抄手', 'Wontons in chilli oil', 22, 'dumplings', ['spice']],
          ['钟水饺', 'Zhong dumplings', 20, 'dumplings', ['spice']],
          ['红糖糍粑', 'Brown sugar rice cakes', 18, 'ciba'],
          ['蛋炒饭', 'Egg fried rice', 16, 'rice'],
        ],
      },
      {
        cn: '素菜',
        en: 'Vegetables',
        dishes: [
          ['干煸四季豆', 'Dry-fried green beans', 26, 'veg', ['spice']],
          ['手撕包菜', 'Hand-torn cabbage', 22, 'veg', ['spice']],
          ['鱼香茄子', 'Yu-xiang aubergine', 26, 'veg', ['spice']],
        ],
      },
    ],
  },
  {
    id: 3,
    code: 'hunan',
    cn: '湘菜',
    en: 'Hunan',
    categories: [
      {
        cn: '湘味招牌',
        en: 'Hunan classics',
        dishes: [
          ['剁椒鱼头', 'Fish head with chopped chillies', 88, 'fish', ['spice'], '选用千岛湖鳙鱼', 'Bighead carp from Qiandao Lake'],
          ['辣椒炒肉', 'Stir-fried pork with chillies', 36, 'spicy', ['spice', 'staple'], '湘菜第一名菜', 'The best-loved Hunan dish'],
          ['毛氏红烧肉', 'Chairman Mao’s braised pork', 52, 'beef', ['staple']],
          ['小炒黄牛肉', 'Stir-fried yellow beef', 48, 'beef', ['spice', 'staple']],
          ['农家一碗香', 'Farmhouse pork and egg', 32, 'egg', ['spice', 'staple']],
          ['干锅花菜', 'Dry-pot cauliflower', 28, 'veg', ['spice']],
        ],
      },
      {
        cn: '蒸菜',
        en: 'Steamed dishes',
        dishes: [
          ['腊味合蒸', 'Steamed cured meats', 48, 'roast'],
          ['剁椒蒸芋头', 'Taro with chopped chillies', 22, 'veg', ['spice']],
          ['擂辣椒皮蛋', 'Pounded chillies with century egg', 22, 'egg', ['spice']],
        ],
      },
      {
        cn: '主食',
        en: 'Rice and noodles',
        dishes: [
          ['长沙米粉', 'Changsha rice noodles', 18, 'noodles', ['spice', 'addons']],
          ['湘味炒饭', 'Hunan fried rice', 20, 'rice', ['spice']],
          ['臭豆腐', 'Stinky tofu', 15, 'tofu', ['spice']],
          ['糖油粑粑', 'Sugar-glazed rice cakes', 12, 'baba'],
        ],
      },
    ],
  },
  {
    id: 4,
    code: 'chaoshan',
    cn: '潮汕菜',
    en: 'Chaoshan',
    categories: [
      {
        cn: '鲜切牛肉',
        en: 'Fresh-cut beef',
        dishes: [
          ['吊龙', 'Diaolong sirloin', 58, 'beef', ['sauce'], '每日现宰黄牛，四小时内上桌', 'Beef cut within four hours of slaughter'],
          ['匙柄', 'Spoon-handle cut', 52, 'beef', ['sauce']],
          ['五花趾', 'Five-flower shank', 48, 'beef', ['sauce']],
          ['手打牛肉丸', 'Hand-beaten beef balls', 38, 'beef', ['sauce'], '弹牙爽口', 'Springy and juicy'],
          ['牛筋丸', 'Beef tendon balls', 38, 'beef', ['sauce']],
          ['牛骨清汤锅底', 'Clear beef bone broth base', 28, 'hotpot'],
        ],
      },
      {
        cn: '潮汕小吃',
        en: 'Chaoshan snacks',
        dishes: [
          ['牛肉粿条', 'Beef kway teow soup', 26, 'noodles', ['addons']],
          ['潮汕砂锅粥', 'Chaoshan claypot congee', 48, 'congee'],
          ['蚝烙', 'Oyster omelette', 32, 'egg'],
          ['卤鹅肉', 'Braised goose', 58, 'roast', ['portion']],
          ['粿条炒牛肉', 'Fried kway teow with beef', 30, 'noodles', ['spice']],
          ['反沙芋头', 'Sugar-frosted taro', 22, 'frostedtaro'],
        ],
      },
      {
        cn: '蔬菜',
        en: 'Vegetables',
        dishes: [
          ['时令蔬菜拼盘', 'Seasonal vegetable platter', 22, 'veg'],
          ['玉米', 'Sweetcorn', 12, 'veg'],
          ['腐竹', 'Tofu skin', 12, 'tofu'],
        ],
      },
    ],
  },
  {
    id: 5,
    code: 'noodles',
    cn: '面食饺子',
    en: 'Noodles & dumplings',
    categories: [
      {
        cn: '拉面',
        en: 'Hand-pulled noodles',
        dishes: [
          ['兰州牛肉面', 'Lanzhou beef noodles', 18, 'noodles', ['noodle', 'spice', 'addons'], '一清二白三红四绿', 'Clear broth, white radish, red chilli oil, green herbs'],
          ['红烧牛肉面', 'Braised beef noodles', 26, 'noodles', ['noodle', 'addons']],
          ['油泼扯面', 'Hot-oil biangbiang noodles', 22, 'noodles', ['spice']],
          ['西红柿鸡蛋面', 'Tomato and egg noodles', 18, 'noodles', ['noodle']],
          ['炸酱面', 'Zhajiang noodles', 20, 'noodles'],
          ['酸菜肉丝面', 'Pickled greens and pork noodles', 20, 'noodles', ['noodle', 'spice']],
        ],
      },
      {
        cn: '饺子',
        en: 'Dumplings',
        dishes: [
          ['猪肉白菜水饺', 'Pork and cabbage dumplings', 22, 'dumplings', ['sauce'], '十五只', 'Fifteen pieces'],
          ['三鲜水饺', 'Three-treasure dumplings', 26, 'dumplings', ['sauce']],
          ['韭菜鸡蛋水饺', 'Chive and egg dumplings', 20, 'dumplings', ['sauce']],
          ['生煎包', 'Pan-fried pork buns', 18, 'bun'],
          ['小笼包', 'Xiaolongbao', 22, 'bun'],
        ],
      },
      {
        cn: '凉菜小吃',
        en: 'Cold dishes and snacks',
        dishes: [
          ['肉夹馍', 'Roujiamo', 15, 'bread', ['spice']],
          ['凉皮', 'Liangpi cold noodles', 14, 'noodles', ['spice']],
          ['拍黄瓜', 'Smashed cucumber', 10, 'veg'],
          ['卤蛋', 'Braised egg', 4, 'egg'],
        ],
      },
    ],
  },
  {
    id: 6,
    code: 'japanese',
    cn: '日本料理',
    en: 'Japanese',
    categories: [
      {
        cn: '寿司',
        en: 'Sushi',
        dishes: [
          ['三文鱼寿司', 'Salmon nigiri', 28, 'sushi', [], '两贯', 'Two pieces'],
          ['鳗鱼寿司', 'Eel nigiri', 32, 'sushi'],
          ['加州卷', 'California roll', 36, 'sushi'],
          ['火炙三文鱼卷', 'Seared salmon roll', 42, 'sushi'],
          ['寿司拼盘', 'Sushi platter', 98, 'sushi', [], '十二贯主厨精选', "Twelve pieces, chef's choice"],
        ],
      },
      {
        cn: '拉面与丼饭',
        en: 'Ramen and donburi',
        dishes: [
          ['豚骨拉面', 'Tonkotsu ramen', 42, 'ramen', ['addons'], '熬制十二小时的猪骨汤', 'Pork bone broth simmered for twelve hours'],
          ['味噌拉面', 'Miso ramen', 40, 'ramen', ['addons']],
          ['照烧鸡排饭', 'Teriyaki chicken don', 38, 'rice'],
          ['日式咖喱猪排饭', 'Katsu curry rice', 42, 'curry'],
          ['鳗鱼饭', 'Unagi don', 68, 'rice'],
        ],
      },
      {
        cn: '小食',
        en: 'Small plates',
        dishes: [
          ['日式炸鸡', 'Karaage chicken', 26, 'friedchicken'],
          ['章鱼小丸子', 'Takoyaki', 22, 'takoyaki'],
          ['毛豆', 'Edamame', 12, 'veg'],
          ['味噌汤', 'Miso soup', 10, 'soup'],
          ['抹茶冰淇淋', 'Matcha ice cream', 18, 'icecream'],
        ],
      },
    ],
  },
  {
    id: 7,
    code: 'korean',
    cn: '韩国料理',
    en: 'Korean',
    categories: [
      {
        cn: '炸鸡',
        en: 'Fried chicken',
        dishes: [
          ['原味炸鸡', 'Original fried chicken', 58, 'friedchicken', ['portion'], '外酥里嫩', 'Crisp outside, juicy inside'],
          ['甜辣炸鸡', 'Sweet and spicy chicken', 62, 'friedchicken', ['portion', 'spice']],
          ['蜂蜜黄油炸鸡', 'Honey butter chicken', 62, 'friedchicken', ['portion']],
          ['芝士雪花炸鸡', 'Snow cheese chicken', 66, 'friedchicken', ['portion']],
        ],
      },
      {
        cn: '韩式主食',
        en: 'Korean mains',
        dishes: [
          ['石锅拌饭', 'Stone-pot bibimbap', 36, 'bibimbap', ['spice', 'addons'], '配韩式辣酱', 'With gochujang'],
          ['部队锅', 'Army stew', 78, 'hotpot', ['spice']],
          ['泡菜炒饭', 'Kimchi fried rice', 28, 'rice', ['addons']],
          ['辣炒年糕', 'Tteokbokki', 26, 'spicy', ['spice']],
          ['韩式冷面', 'Naengmyeon cold noodles', 30, 'noodles'],
          ['大酱汤', 'Doenjang stew', 28, 'soup'],
        ],
      },
      {
        cn: '小菜',
        en: 'Side dishes',
        dishes: [
          ['韩式泡菜', 'Kimchi', 10, 'veg'],
          ['海鲜葱饼', 'Seafood pancake', 32, 'egg'],
          ['鸡蛋卷', 'Rolled omelette', 18, 'egg'],
        ],
      },
    ],
  },
  {
    id: 8,
    code: 'western',
    cn: '汉堡西餐',
    en: 'Burgers & Western',
    categories: [
      {
        cn: '汉堡',
        en: 'Burgers',
        dishes: [
          ['经典牛肉堡', 'Classic beef burger', 38, 'burger', ['meal', 'addons'], '150 克安格斯牛肉饼', '150 g Angus beef patty'],
          ['双层芝士牛肉堡', 'Double cheeseburger', 52, 'burger', ['meal']],
          ['香辣鸡腿堡', 'Spicy chicken burger', 32, 'burger', ['meal', 'spice']],
          ['培根蘑菇堡', 'Bacon and mushroom burger', 46, 'burger', ['meal']],
          ['素食豆堡', 'Veggie bean burger', 36, 'burger', ['meal']],
        ],
      },
      {
        cn: '主菜',
        en: 'Mains',
        dishes: [
          ['西冷牛排', 'Sirloin steak', 128, 'beef', [], '配薯条和黑椒汁', 'With fries and pepper sauce'],
          ['炸鱼薯条', 'Fish and chips', 58, 'fish'],
          ['烤鸡翅', 'Roast chicken wings', 36, 'chicken', ['spice']],
        ],
      },
      {
        cn: '小食',
        en: 'Sides',
        dishes: [
          ['粗薯条', 'Chunky fries', 16, 'fries'],
          ['洋葱圈', 'Onion rings', 18, 'fries'],
          ['凯撒沙拉', 'Caesar salad', 32, 'salad'],
          ['奶油蘑菇汤', 'Cream of mushroom soup', 22, 'soup'],
          ['巧克力奶昔', 'Chocolate milkshake', 26, 'milktea'],
        ],
      },
    ],
  },
  {
    id: 9,
    code: 'italian',
    cn: '意式披萨',
    en: 'Pizza & Italian',
    categories: [
      {
        cn: '披萨',
        en: 'Pizza',
        dishes: [
          ['玛格丽特披萨', 'Margherita pizza', 58, 'pizza', ['pizza_size', 'crust'], '番茄、马苏里拉、罗勒', 'Tomato, mozzarella, basil'],
          ['意式辣肠披萨', 'Pepperoni pizza', 72, 'pizza', ['pizza_size', 'crust']],
          ['四种芝士披萨', 'Four cheese pizza', 78, 'pizza', ['pizza_size', 'crust']],
          ['夏威夷披萨', 'Hawaiian pizza', 68, 'pizza', ['pizza_size', 'crust']],
          ['烤蔬菜披萨', 'Roast vegetable pizza', 62, 'pizza', ['pizza_size', 'crust']],
        ],
      },
      {
        cn: '意面',
        en: 'Pasta',
        dishes: [
          ['肉酱意面', 'Spaghetti bolognese', 48, 'pasta', ['addons']],
          ['奶油培根意面', 'Spaghetti carbonara', 52, 'pasta'],
          ['青酱虾仁意面', 'Pesto prawn linguine', 58, 'pasta'],
          ['番茄罗勒千层面', 'Lasagne', 56, 'pasta'],
        ],
      },
      {
        cn: '前菜与甜品',
        en: 'Starters and desserts',
        dishes: [
          ['蒜香面包', 'Garlic bread', 18, 'bread'],
          ['番茄布鲁斯凯塔', 'Tomato bruschetta', 26, 'bread'],
          ['提拉米苏', 'Tiramisu', 32, 'tiramisu'],
          ['意式浓缩咖啡', 'Espresso', 18, 'coffee', ['temperature']],
        ],
      },
    ],
  },
  {
    id: 10,
    code: 'southeast_asian',
    cn: '东南亚菜',
    en: 'Thai & Vietnamese',
    categories: [
      {
        cn: '招牌',
        en: 'Favourites',
        dishes: [
          ['冬阴功汤', 'Tom yum soup', 48, 'soup', ['spice'], '酸辣鲜虾汤', 'Hot and sour prawn soup'],
          ['泰式绿咖喱鸡', 'Thai green chicken curry', 46, 'curry', ['spice']],
          ['泰式炒河粉', 'Pad thai', 38, 'noodles', ['addons']],
          ['菠萝炒饭', 'Pineapple fried rice', 38, 'rice'],
          ['越南牛肉河粉', 'Vietnamese beef pho', 36, 'pho', ['addons'], '牛骨汤底熬制八小时', 'Beef bone broth simmered for eight hours'],
          ['越南鸡肉河粉', 'Chicken pho', 32, 'pho'],
        ],
      },
      {
        cn: '小食',
        en: 'Small plates',
        dishes: [
          ['越南春卷', 'Vietnamese spring rolls', 26, 'springroll'],
          ['青木瓜沙拉', 'Green papaya salad', 28, 'salad', ['spice']],
          ['沙爹鸡肉串', 'Chicken satay', 32, 'skewer'],
          ['越式法棍', 'Banh mi', 28, 'bread'],
        ],
      },
      {
        cn: '甜品饮品',
        en: 'Desserts and drinks',
        dishes: [
          ['芒果糯米饭', 'Mango sticky rice', 28, 'stickyrice'],
          ['泰式奶茶', 'Thai milk tea', 18, 'milktea', ['ice']],
          ['越南滴漏咖啡', 'Vietnamese drip coffee', 20, 'coffee', ['temperature']],
          ['椰青', 'Fresh young coconut', 18, 'coconut'],
        ],
      },
    ],
  },
  {
    id: 11,
    code: 'bbq',
    cn: '烧烤夜宵',
    en: 'BBQ & late night',
    categories: [
      {
        cn: '烤串',
        en: 'Skewers',
        dishes: [
          ['羊肉串', 'Lamb skewers', 25, 'skewer', ['skewers', 'spice'], '新疆羊肉，孜然炭烤', 'Xinjiang lamb grilled over charcoal with cumin'],
          ['牛肉串', 'Beef skewers', 25, 'skewer', ['skewers', 'spice']],
          ['鸡翅中', 'Chicken wings', 12, 'chicken', ['spice']],
          ['烤五花肉', 'Pork belly skewers', 20, 'skewer', ['skewers', 'spice']],
          ['烤鱿鱼', 'Grilled squid', 28, 'skewer', ['spice', 'sauce']],
          ['烤韭菜', 'Grilled garlic chives', 10, 'veg', ['spice']],
          ['烤茄子', 'Grilled aubergine with garlic', 16, 'veg', ['spice']],
        ],
      },
      {
        cn: '海鲜',
        en: 'Seafood',
        dishes: [
          ['蒜蓉烤生蚝', 'Garlic grilled oysters', 36, 'shrimp', [], '六只', 'Six oysters'],
          ['烤扇贝', 'Grilled scallops', 32, 'shrimp'],
          ['麻辣小龙虾', 'Spicy crayfish', 98, 'shrimp', ['spice', 'portion']],
          ['椒盐濑尿虾', 'Salt and pepper mantis shrimp', 88, 'shrimp'],
        ],
      },
      {
        cn: '主食',
        en: 'Staples',
        dishes: [
          ['炒米粉', 'Fried rice vermicelli', 18, 'noodles', ['spice']],
          ['烤馒头片', 'Grilled bread slices', 8, 'bread'],
          ['啤酒', 'Beer', 10, 'beer'],
        ],
      },
    ],
  },
  {
    id: 12,
    code: 'desserts',
    cn: '甜品饮品',
    en: 'Desserts & drinks',
    categories: [
      {
        cn: '奶茶',
        en: 'Milk tea',
        dishes: [
          ['珍珠奶茶', 'Bubble milk tea', 16, 'milktea', ['size', 'sugar', 'ice', 'toppings'], '手煮黑糖珍珠', 'Hand-cooked brown sugar pearls'],
          ['杨枝甘露', 'Mango pomelo sago', 22, 'sweetsoup', ['size', 'sugar']],
          ['芝士奶盖绿茶', 'Cheese foam green tea', 20, 'milktea', ['size', 'sugar', 'ice']],
          ['芋泥波波奶茶', 'Taro boba milk tea', 20, 'milktea', ['size', 'sugar', 'ice', 'toppings']],
          ['满杯百香果', 'Passion fruit tea', 16, 'juice', ['size', 'sugar', 'ice']],
          ['多肉葡萄', 'Grape cheese tea', 24, 'juice', ['size', 'sugar', 'ice']],
        ],
      },
      {
        cn: '甜品',
        en: 'Desserts',
        dishes: [
          ['双皮奶', 'Double-skin milk pudding', 16, 'pudding', [], '顺德做法', 'Shunde style'],
          ['芒果班戟', 'Mango pancake rolls', 22, 'pancake'],
          ['榴莲千层', 'Durian mille crêpe', 32, 'millecrepe'],
          ['红豆冰', 'Red bean ice', 16, 'icedglass'],
          ['椰汁西米露', 'Coconut sago', 14, 'sagocup'],
          ['抹茶蛋糕', 'Matcha cake', 26, 'dessert'],
        ],
      },
      {
        cn: '咖啡',
        en: 'Coffee',
        dishes: [
          ['美式咖啡', 'Americano', 18, 'coffee', ['temperature', 'size']],
          ['拿铁', 'Latte', 22, 'coffee', ['temperature', 'size', 'sugar']],
          ['生椰拿铁', 'Coconut latte', 24, 'coffee', ['temperature', 'size']],
        ],
      },
    ],
  },
  {
    id: 13,
    code: 'healthy',
    cn: '轻食沙拉',
    en: 'Salads & healthy',
    categories: [
      {
        cn: '沙拉碗',
        en: 'Salad bowls',
        dishes: [
          ['烟熏三文鱼沙拉', 'Smoked salmon salad', 48, 'salad', ['sides'], '低卡高蛋白', 'Low calorie, high protein'],
          ['鸡胸肉藜麦沙拉', 'Chicken and quinoa salad', 42, 'salad', ['sides']],
          ['牛油果鲜虾沙拉', 'Avocado and prawn salad', 46, 'salad', ['sides']],
          ['素食能量碗', 'Vegan power bowl', 38, 'salad', ['sides']],
        ],
      },
      {
        cn: '波奇饭',
        en: 'Poke bowls',
        dishes: [
          ['三文鱼波奇饭', 'Salmon poke bowl', 52, 'poke', ['sides'], '夏威夷风味', 'Hawaiian style'],
          ['金枪鱼波奇饭', 'Tuna poke bowl', 52, 'poke', ['sides']],
          ['照烧鸡肉波奇饭', 'Teriyaki chicken poke bowl', 42, 'poke', ['sides']],
        ],
      },
      {
        cn: '轻食饮品',
        en: 'Light bites and drinks',
        dishes: [
          ['全麦鸡肉卷', 'Wholewheat chicken wrap', 32, 'springroll'],
          ['希腊酸奶杯', 'Greek yoghurt cup', 22, 'parfait'],
          ['冷压果蔬汁', 'Cold-pressed green juice', 26, 'juice'],
          ['燕麦拿铁', 'Oat latte', 24, 'coffee', ['temperature']],
        ],
      },
    ],
  },
];
