/**
 * Flat food illustrations drawn in a 200 x 200 box, one per dish kind. Kept as plain SVG strings so the seed's
 * pictures are small files that need no image tooling (see write.ts).
 */

const bowl = (surface: string, toppings: string, body = '#ffffff', rim = '#e9e3da') => `
<ellipse cx="100" cy="168" rx="62" ry="8" fill="#000" opacity=".08"/>
<path d="M28 98h144c0 40-32 66-72 66s-72-26-72-66z" fill="${body}" stroke="${rim}" stroke-width="3"/>
<path d="M70 160h60l-6 8H76z" fill="${rim}"/>
<ellipse cx="100" cy="98" rx="72" ry="18" fill="${rim}"/>
<ellipse cx="100" cy="98" rx="66" ry="14" fill="${surface}"/>
${toppings}`;

const plate = (content: string, color = '#ffffff') => `
<ellipse cx="100" cy="150" rx="82" ry="14" fill="#000" opacity=".07"/>
<ellipse cx="100" cy="128" rx="84" ry="36" fill="${color}" stroke="#e6e1d9" stroke-width="3"/>
<ellipse cx="100" cy="126" rx="60" ry="24" fill="#f6f3ee"/>
${content}`;

const steam = `<g fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity=".9">
<path d="M78 58c-8-10 8-14 0-26"/><path d="M100 54c-8-10 8-14 0-26"/><path d="M122 58c-8-10 8-14 0-26"/></g>`;

const dots = (color: string, pts: Array<[number, number]>, r = 3) =>
  pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`).join('');

const noodleLines = (color: string) =>
  `<g fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round">
<path d="M46 98c10-8 20 8 30 0s20 8 30 0 20 8 30 0 12 6 18 2"/><path d="M50 104c10-8 20 8 30 0s20 8 30 0 20 8 30 0"/>
<path d="M52 92c10-8 20 8 30 0s20 8 30 0 20 8 30 0"/></g>`;

const egg = (x: number, y: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="13" ry="9" fill="#fff"/><ellipse cx="${x}" cy="${y}" rx="6" ry="5" fill="#f5a623"/>`;

const greens = dots(
  '#4caf50',
  [
    [62, 92],
    [70, 100],
    [134, 94],
    [142, 101],
    [96, 106],
    [120, 88],
  ],
  3.5,
);

const cup = (liquid: string, extra: string, lid = '') => `
<ellipse cx="100" cy="172" rx="40" ry="6" fill="#000" opacity=".08"/>
<path d="M64 60h72l-8 108H72z" fill="#ffffff" stroke="#e6e1d9" stroke-width="3"/>
<path d="M67 84h66l-6 82H73z" fill="${liquid}"/>
${lid}${extra}`;

// prettier-ignore
const FOOD: Record<string, [background: string, art: string]> = {
  noodles: ['#fff3d6', bowl('#f4d58d', noodleLines('#e2b650') + egg(128, 96) + greens + '<path d="M150 40l-40 50M162 46l-44 48" stroke="#8d6e63" stroke-width="5" stroke-linecap="round"/>')],
  ramen: ['#fde8d0', bowl('#f3dfbf', noodleLines('#e8c27a') + egg(78, 96) + '<rect x="112" y="80" width="26" height="22" rx="3" fill="#2e3b2f"/><circle cx="104" cy="102" r="11" fill="#f2a7a0" stroke="#e07a70" stroke-width="3"/>' + greens)],
  pho: ['#e6f4ea', bowl('#ecd39c', noodleLines('#f7efe0') + '<path d="M70 94l18-6 4 10-18 4zM110 90l20-4 2 10-20 4z" fill="#a1665e"/>' + dots('#43a047', [[64, 100], [98, 92], [140, 100], [124, 106], [86, 106]], 5))],
  soup: ['#fde2e0', bowl('#e4574b', dots('#fff8e1', [[72, 96], [96, 92], [120, 100], [138, 94]], 6) + dots('#66bb6a', [[84, 102], [110, 90], [130, 104]], 3) + steam)],
  congee: ['#f3efe6', bowl('#f8f4ea', dots('#7cb342', [[70, 94], [82, 102], [118, 90], [132, 100], [100, 96]], 3) + '<ellipse cx="100" cy="98" rx="12" ry="7" fill="#6d4c41"/>' + steam)],
  rice: ['#fff6e5', bowl('#fffdf7', dots('#efe9dc', [[60, 96], [72, 90], [84, 100], [96, 92], [108, 102], [120, 92], [132, 98], [144, 94]], 3) + '<path d="M84 88l22-6 20 8-22 8z" fill="#c0582f"/>' + greens)],
  curry: ['#fff1d6', bowl('#fffdf7', '<path d="M100 86c20 0 58 2 64 12-6 10-44 14-64 14z" fill="#c97b1e"/>' + dots('#f4d03f', [[126, 98], [144, 96]], 5) + dots('#e67e22', [[112, 102]], 5))],
  bibimbap: ['#fdecea', bowl('#fbf7ef', '<path d="M100 98L52 92a66 14 0 0 1 30-8z" fill="#e74c3c"/><path d="M100 98l-18-14a66 14 0 0 1 36 0z" fill="#8bc34a"/><path d="M100 98l18-14a66 14 0 0 1 30 8z" fill="#f39c12"/><path d="M100 98l48-6a66 14 0 0 1-10 14z" fill="#795548"/><path d="M100 98l-48-6a66 14 0 0 0 10 14z" fill="#ffffff"/>' + egg(100, 98), '#4a4a4a', '#333333')],
  poke: ['#e3f6f5', bowl('#fffdf7', '<rect x="56" y="88" width="14" height="12" rx="2" fill="#ff8a65"/><rect x="72" y="92" width="14" height="12" rx="2" fill="#ff7043"/><path d="M96 86h22l-4 16H98z" fill="#9ccc65"/>' + dots('#7cb342', [[130, 94], [138, 100], [146, 94]], 4) + dots('#fdd835', [[120, 104], [112, 98]], 3))],
  salad: ['#eaf7e4', bowl('#8bc34a', '<path d="M60 96c8-14 22-10 26 0M92 90c8-14 24-10 28 2M124 96c6-12 20-10 24 2" stroke="#558b2f" stroke-width="4" fill="#9ccc65"/>' + dots('#e53935', [[80, 100], [118, 104], [136, 92]], 6) + dots('#fdd835', [[100, 98]], 5))],
  hotpot: ['#fde3dc', `<ellipse cx="100" cy="170" rx="70" ry="8" fill="#000" opacity=".08"/><rect x="22" y="96" width="22" height="10" rx="5" fill="#555"/><rect x="156" y="96" width="22" height="10" rx="5" fill="#555"/><path d="M36 96h128v36c0 22-28 34-64 34s-64-12-64-34z" fill="#5d4037"/><ellipse cx="100" cy="96" rx="64" ry="16" fill="#444"/><ellipse cx="100" cy="96" rx="58" ry="12" fill="#d84315"/>${dots('#ffeb3b', [[70, 94], [122, 98]], 4)}${dots('#b71c1c', [[86, 98], [110, 92], [136, 96]], 5)}${steam}`],
  spicy: ['#fdebe7', plate('<path d="M58 124c10-14 30-16 44-6 14-10 32-8 42 6-14 12-72 14-86 0z" fill="#c0392b"/>' + '<path d="M70 114l10 14M120 112l-8 16M96 108l4 18" stroke="#e74c3c" stroke-width="7" stroke-linecap="round"/>' + dots('#2e7d32', [[84, 118], [112, 124], [134, 118]], 3.5))],
  tofu: ['#fff0e6', plate('<path d="M52 126c16-14 80-14 96 0-16 12-80 12-96 0z" fill="#d35400"/>' + [[70, 114], [92, 118], [114, 112], [102, 128], [128, 124]].map(([x, y]) => `<rect x="${x! - 8}" y="${y! - 8}" width="16" height="14" rx="3" fill="#fff8e7"/>`).join('') + dots('#43a047', [[82, 128], [120, 132]], 3))],
  veg: ['#e8f5e9', plate('<path d="M60 128c0-18 20-24 30-8 6-20 28-18 30 0 10-14 30-6 26 10-20 10-66 10-86-2z" fill="#43a047"/><path d="M76 124l14-10M104 124l6-14M128 124l-6-12" stroke="#2e7d32" stroke-width="3"/>' + dots('#ffffff', [[94, 132], [118, 130]], 3))],
  dimsum: ['#fff4dc', `<ellipse cx="100" cy="170" rx="70" ry="8" fill="#000" opacity=".08"/><path d="M30 104h140v40c0 14-32 22-70 22s-70-8-70-22z" fill="#d6a65c"/><path d="M30 120h140M30 136h140" stroke="#b9893f" stroke-width="3"/><ellipse cx="100" cy="104" rx="70" ry="18" fill="#c8964a"/><ellipse cx="100" cy="104" rx="62" ry="13" fill="#f3e2c0"/>${[70, 100, 130].map((x) => `<path d="M${x - 16} 106c0-16 8-22 16-22s16 6 16 22z" fill="#fbf7f0" stroke="#eadfcc" stroke-width="2"/><path d="M${x - 6} 88l6 8 6-8" stroke="#eadfcc" stroke-width="2" fill="none"/>`).join('')}${steam}`],
  dumplings: ['#f4f1ea', plate([[66, 122], [96, 116], [126, 122], [82, 134], [112, 134]].map(([x, y]) => `<path d="M${x! - 16} ${y}c0-14 32-14 32 0z" fill="#fdfbf6" stroke="#e3dccd" stroke-width="2"/><path d="M${x! - 10} ${y! - 6}l4 2M${x} ${y! - 9}v4M${x! + 10} ${y! - 6}l-4 2" stroke="#e3dccd" stroke-width="2"/>`).join(''))],
  bun: ['#fff7ec', plate([[72, 124], [102, 116], [130, 126]].map(([x, y]) => `<path d="M${x! - 20} ${y}c0-22 40-22 40 0z" fill="#fffdf8" stroke="#ece4d5" stroke-width="2"/><circle cx="${x}" cy="${y! - 12}" r="3" fill="#d9534f"/>`).join(''))],
  roast: ['#fdeee4', plate([0, 1, 2, 3, 4].map((i) => `<path d="M${58 + i * 16} 136l10-26h14l-8 26z" fill="#a0401b" stroke="#7b2d10" stroke-width="2"/>`).join('') + '<ellipse cx="140" cy="126" rx="10" ry="6" fill="#f6c94c"/>')],
  fish: ['#e7f1fb', plate('<ellipse cx="94" cy="124" rx="44" ry="16" fill="#e67e22"/><path d="M136 124l22-14v28z" fill="#d35400"/><circle cx="66" cy="120" r="3" fill="#333"/><path d="M86 112v24M100 110v28M114 112v24" stroke="#d35400" stroke-width="2"/>' + dots('#c62828', [[80, 132], [106, 136], [120, 114]], 4) + dots('#43a047', [[92, 110], [126, 130]], 3))],
  shrimp: ['#fdeceb', plate([70, 100, 130].map((x) => `<path d="M${x - 14} 120a14 14 0 1 1 14 14" fill="none" stroke="#f26b4f" stroke-width="10" stroke-linecap="round"/><path d="M${x} 134l-6 6h12z" fill="#e04e33"/>`).join(''))],
  chicken: ['#fff2e0', plate([[74, 124], [104, 118], [130, 128]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="17" ry="12" fill="#c8742c"/><path d="M${x! + 14} ${y! + 2}l14 8" stroke="#fff3e0" stroke-width="6" stroke-linecap="round"/>`).join(''))],
  beef: ['#fdebee', plate([0, 1, 2, 3].map((i) => `<path d="M${54 + i * 22} 132c4-20 18-24 26-18-2 10-8 18-26 18z" fill="#d9605b" stroke="#f3c1bd" stroke-width="3"/>`).join('') + dots('#43a047', [[136, 120]], 5))],
  friedchicken: ['#fff3da', `<ellipse cx="100" cy="170" rx="64" ry="8" fill="#000" opacity=".08"/><path d="M42 100h116l-14 66H56z" fill="#e53935"/><path d="M56 100v66M78 100v66M100 100v66M122 100v66M144 100v66" stroke="#ffffff" stroke-width="6" opacity=".5"/>${[[70, 94], [100, 86], [128, 94], [86, 104], [116, 106]].map(([x, y]) => `<path d="M${x! - 16} ${y}c0-16 32-18 32 0 0 10-32 12-32 0z" fill="#d9922e" stroke="#b8741a" stroke-width="2"/>`).join('')}`],
  skewer: ['#f6ece6', plate([0, 1, 2].map((i) => `<path d="M${40 + i * 20} 150l${100} -56" stroke="#a1887f" stroke-width="4" stroke-linecap="round"/>${[0, 1, 2, 3].map((k) => `<rect x="${58 + i * 20 + k * 20}" y="${131 - k * 11.2 - 8}" width="16" height="14" rx="3" fill="${k % 2 ? '#8d3b1f' : '#b5532a'}" transform="rotate(-29 ${66 + i * 20 + k * 20} ${131 - k * 11.2})"/>`).join('')}`).join('') + dots('#c62828', [[70, 118], [140, 130]], 2.5))],
  sushi: ['#fdeee8', plate([62, 100, 138].map((x) => `<rect x="${x - 16}" y="114" width="32" height="18" rx="8" fill="#fffdf7" stroke="#ece6d8" stroke-width="2"/><path d="M${x - 18} 118c6-12 30-12 36 0z" fill="#ff8a65"/><path d="M${x - 10} 112l6 4M${x} 110l6 4" stroke="#ffccbc" stroke-width="2"/>`).join(''))],
  springroll: ['#fff6e0', plate([0, 1, 2].map((i) => `<rect x="${52 + i * 10}" y="${108 + i * 10}" width="86" height="16" rx="8" fill="#e3a948" stroke="#c98a2c" stroke-width="2"/>`).join('') + dots('#43a047', [[148, 120]], 5))],
  egg: ['#fffbe6', plate('<path d="M56 126c0-18 88-18 88 0 0 12-88 12-88 0z" fill="#f7d54a" stroke="#e6b800" stroke-width="2"/>' + dots('#43a047', [[80, 122], [104, 118], [124, 126]], 3) + dots('#e53935', [[92, 128], [116, 122]], 3))],
  bread: ['#fbf1e2', plate('<path d="M52 132c-6-8 70-34 92-26 8 4-74 34-92 26z" fill="#d79a4a" stroke="#b77a2e" stroke-width="2"/><path d="M74 118l8 8M94 112l8 8M114 106l8 8" stroke="#f1c27d" stroke-width="3"/>')],
  pasta: ['#fff3e6', plate('<g fill="none" stroke="#f2c14e" stroke-width="4"><path d="M64 126c10-16 62-16 72 0"/><path d="M70 130c10-12 50-12 60 0"/><path d="M76 122c10-10 38-10 48 0"/></g><path d="M80 116c8-8 32-8 40 0-8 8-32 8-40 0z" fill="#c0392b"/>' + dots('#43a047', [[100, 112]], 4))],
  pizza: ['#fff0e0', `<ellipse cx="100" cy="170" rx="70" ry="8" fill="#000" opacity=".08"/><circle cx="100" cy="104" r="66" fill="#e0a458"/><circle cx="100" cy="104" r="56" fill="#e4572e"/><circle cx="100" cy="104" r="52" fill="#f8d66d"/>${dots('#c0392b', [[78, 84], [122, 88], [90, 120], [126, 122], [104, 100], [70, 112]], 8)}${dots('#2e7d32', [[96, 80], [112, 116], [80, 98]], 3)}<path d="M100 38v132M34 104h132" stroke="#e0a458" stroke-width="3"/>`],
  burger: ['#fff1dc', `<ellipse cx="100" cy="170" rx="64" ry="8" fill="#000" opacity=".08"/><path d="M44 96c0-38 112-38 112 0z" fill="#e0a04a"/>${dots('#fff6dc', [[76, 72], [98, 64], [120, 72], [88, 82], [112, 82]], 2.5)}<path d="M40 100c10 8 20-6 30 2s20-6 30 2 20-6 30 2 20-6 30 2" stroke="#6ab04c" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M44 110h112l-8 10H52z" fill="#f9ca24"/><rect x="42" y="116" width="116" height="20" rx="10" fill="#6d3a1f"/><path d="M46 142h108c0 14-12 20-54 20s-54-6-54-20z" fill="#d9913c"/>`],
  fries: ['#fff8dc', `<ellipse cx="100" cy="172" rx="46" ry="7" fill="#000" opacity=".08"/>${[64, 76, 88, 100, 112, 124, 136].map((x, i) => `<rect x="${x - 5}" y="${48 + (i % 3) * 8}" width="10" height="70" rx="2" fill="#f9c74f" stroke="#e9a23b" stroke-width="1.5" transform="rotate(${(i - 3) * 4} ${x} 110)"/>`).join('')}<path d="M56 96h88l-10 72H66z" fill="#e63946"/><path d="M56 96c14 14 74 14 88 0" fill="#c92a35"/>`],
  milktea: ['#f6ece3', cup('#c8a27a', dots('#3e2723', [[82, 154], [94, 158], [106, 154], [118, 158], [88, 146], [112, 146]], 5), '<rect x="60" y="54" width="80" height="10" rx="4" fill="#e6e1d9"/><path d="M112 54l14-30" stroke="#e84393" stroke-width="7" stroke-linecap="round"/>')],
  coffee: ['#efe6dd', `<ellipse cx="100" cy="168" rx="56" ry="8" fill="#000" opacity=".08"/><ellipse cx="100" cy="160" rx="54" ry="10" fill="#ffffff" stroke="#e6e1d9" stroke-width="3"/><path d="M56 90h88v36c0 22-20 34-44 34s-44-12-44-34z" fill="#ffffff" stroke="#e6e1d9" stroke-width="3"/><path d="M144 100c22 0 22 30 0 30" fill="none" stroke="#e6e1d9" stroke-width="8"/><ellipse cx="100" cy="90" rx="44" ry="9" fill="#6f4e37"/><path d="M90 88c6-6 14-6 20 0-6 4-14 4-20 0z" fill="#d7b899"/><g fill="none" stroke="#bcaaa4" stroke-width="4" stroke-linecap="round"><path d="M86 72c-6-8 6-12 0-22"/><path d="M114 72c-6-8 6-12 0-22"/></g>`],
  juice: ['#fff1e0', cup('#ffa726', '<circle cx="132" cy="62" r="18" fill="#ffcc80" stroke="#fb8c00" stroke-width="4"/><path d="M132 46v32M116 62h32" stroke="#fb8c00" stroke-width="2"/>', '<path d="M92 60l-10-36" stroke="#26a69a" stroke-width="6" stroke-linecap="round"/>')],
  cola: ['#fde7e7', `<ellipse cx="100" cy="172" rx="34" ry="6" fill="#000" opacity=".08"/><rect x="68" y="46" width="64" height="124" rx="12" fill="#d62828"/><rect x="72" y="40" width="56" height="12" rx="4" fill="#cfd8dc"/><path d="M68 96c20 14 44-14 64 0v20c-20-14-44 14-64 0z" fill="#ffffff"/>`],
  tart: ['#fff4dc', plate([[70, 124], [104, 116], [132, 128]].map(([x, y]) => `<path d="M${x! - 20} ${y}l4 8h32l4-8z" fill="#d99a3e" stroke="#b87a24" stroke-width="2"/><ellipse cx="${x}" cy="${y}" rx="20" ry="7" fill="#e0a54a"/><ellipse cx="${x}" cy="${y}" rx="15" ry="5" fill="#f7c948"/><circle cx="${x! - 4}" cy="${y! - 1}" r="2.5" fill="#b5651d" opacity=".7"/><circle cx="${x! + 6}" cy="${y! + 1}" r="2" fill="#b5651d" opacity=".6"/>`).join(''))],
  sweetsoup: ['#fff6e0', bowl('#fbe7a1', dots('#ffffff', [[62, 96], [74, 92], [88, 100], [104, 94], [118, 100], [132, 92], [144, 98]], 2.5), '#ffffff', '#f1e6d2')],
  beer: ['#fff6dc', `<ellipse cx="100" cy="172" rx="42" ry="6" fill="#000" opacity=".08"/><path d="M128 84h14c12 0 14 10 14 24v22c0 14-4 22-14 22h-14" fill="none" stroke="#d8e3e8" stroke-width="8"/><rect x="62" y="70" width="70" height="100" rx="8" fill="#f2a81d" stroke="#d8e3e8" stroke-width="4"/><path d="M74 84v74M90 84v74M106 84v74M120 84v74" stroke="#f9c74f" stroke-width="4" opacity=".7"/>${dots('#fff7d6', [[80, 120], [96, 142], [112, 110], [88, 100], [118, 150]], 2.5)}<path d="M58 72c0-18 14-22 22-16 6-10 24-10 30 0 10-6 24 0 22 16z" fill="#fffdf5" stroke="#ece6d8" stroke-width="2"/>`],
  herbaltea: ['#fff3e0', `<ellipse cx="100" cy="172" rx="34" ry="6" fill="#000" opacity=".08"/><rect x="68" y="46" width="64" height="124" rx="12" fill="#c8161d"/><rect x="72" y="40" width="56" height="12" rx="4" fill="#d4b36a"/><rect x="68" y="62" width="64" height="8" fill="#e8c15a"/><rect x="68" y="146" width="64" height="8" fill="#e8c15a"/><circle cx="100" cy="106" r="22" fill="#e8c15a"/><circle cx="100" cy="106" r="17" fill="#c8161d"/><path d="M100 92c-12 8-12 22 0 28 12-6 12-20 0-28z" fill="#e8c15a"/><path d="M100 94v24" stroke="#c8161d" stroke-width="2"/>`],
  water: ['#e6f4fb', `<ellipse cx="100" cy="174" rx="30" ry="5" fill="#000" opacity=".08"/><rect x="88" y="26" width="24" height="14" rx="3" fill="#1e88e5"/><path d="M86 40h28l4 18c8 6 10 14 10 24v80c0 8-4 12-12 12H84c-8 0-12-4-12-12V82c0-10 2-18 10-24z" fill="#e3f2fd" stroke="#90caf9" stroke-width="3"/><rect x="72" y="96" width="56" height="34" fill="#42a5f5"/><path d="M86 104c6 10 22 10 28 0" fill="none" stroke="#ffffff" stroke-width="3"/><path d="M88 116c4 6 20 6 24 0" fill="none" stroke="#bbdefb" stroke-width="3"/><path d="M78 70v16M78 140v18" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>`],
  takoyaki: ['#fdf0e2', plate([[70, 118], [100, 112], [130, 118], [80, 134], [110, 134], [138, 132]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="13" fill="#b86b2a"/><circle cx="${x! - 4}" cy="${y! - 4}" r="4" fill="#d89150" opacity=".8"/>`).join('') + '<path d="M60 116c10 6 20-6 30 0s20-6 30 0 20-6 30 0M66 132c10 6 20-6 30 0s20-6 30 0 20-6 30 0" fill="none" stroke="#fff8e1" stroke-width="2.5"/><path d="M70 110l6 4M96 106l4 6M124 110l6 2M104 128l6 4" stroke="#f4b183" stroke-width="3" stroke-linecap="round"/>' + dots('#2e7d32', [[90, 120], [118, 124], [76, 126]], 2))],
  coconut: ['#eef7e6', `<ellipse cx="100" cy="172" rx="50" ry="7" fill="#000" opacity=".08"/><path d="M50 110c0-40 22-66 50-66s50 26 50 66-22 58-50 58-50-18-50-58z" fill="#8bc34a"/><path d="M62 96c6-28 20-44 38-48" stroke="#aed581" stroke-width="6" fill="none" stroke-linecap="round"/><ellipse cx="100" cy="60" rx="24" ry="9" fill="#f1f8e9" stroke="#c5e1a5" stroke-width="3"/><path d="M108 60l20-40" stroke="#ec407a" stroke-width="7" stroke-linecap="round"/><path d="M60 150c12 10 68 10 80 0" stroke="#689f38" stroke-width="4" fill="none"/>`],
  dessert: ['#fdeef4', `<ellipse cx="100" cy="168" rx="64" ry="8" fill="#000" opacity=".08"/><path d="M40 140l112-34v44L40 166z" fill="#f8e1c4"/><path d="M40 140l112-34v10L40 150z" fill="#f48fb1"/><path d="M40 140l112-34-30-20L40 130z" fill="#fff7f0"/><path d="M40 130v36" stroke="#eadccc" stroke-width="2"/><circle cx="116" cy="92" r="12" fill="#e53935"/><path d="M116 80l-4-8M116 80l6-6" stroke="#43a047" stroke-width="3"/>`],
  // Desserts, each drawn as what it is (issue 15 §4): not one cake slice with different toppings.
  ciba: ['#fbeedd', plate([[66, 120], [100, 114], [134, 120], [82, 134], [118, 134]].map(([x, y]) => `<rect x="${x! - 16}" y="${y! - 8}" width="32" height="16" rx="5" fill="#f2c46d" stroke="#d9982f" stroke-width="2"/>`).join('') + '<path d="M56 116c12 10 24-8 36 2s24-8 36 2 14 6 14 10" fill="none" stroke="#6d3410" stroke-width="4" stroke-linecap="round"/>' + dots('#ead39c', [[70, 128], [96, 124], [124, 130], [88, 112], [140, 114]], 2.2))],
  baba: ['#fdf1e1', plate([[72, 122], [100, 114], [128, 124]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="20" ry="14" fill="#b5651d" stroke="#8a4512" stroke-width="2"/><ellipse cx="${x! - 6}" cy="${y! - 5}" rx="8" ry="3" fill="#f0b870" opacity=".85"/>`).join('') + '<path d="M44 142l116-44" stroke="#c8a26b" stroke-width="4" stroke-linecap="round"/>')],
  frostedtaro: ['#f3edf8', plate([[70, 120, -20], [98, 114, 10], [126, 122, -8], [84, 134, 14], [114, 134, -14]].map(([x, y, r]) => `<rect x="${x! - 18}" y="${y! - 7}" width="36" height="14" rx="5" fill="#fbf8f4" stroke="#ddd0e6" stroke-width="2" transform="rotate(${r} ${x} ${y})"/><circle cx="${x! - 5}" cy="${y}" r="2" fill="#b39ddb"/><circle cx="${x! + 7}" cy="${y! + 2}" r="1.6" fill="#9575cd"/>`).join(''))],
  tiramisu: ['#f4ebe3', plate('<path d="M56 106l44-14 46 14-44 14z" fill="#6d4c41"/><path d="M56 106l46 14v28l-46-14z" fill="#fff3e0"/><path d="M102 120l44-14v28l-44 14z" fill="#f3e1c9"/>' + [8, 19].map((d) => `<path d="M56 ${106 + d}l46 14v5l-46-14z" fill="#a0703f"/><path d="M102 ${125 + d}l44-14v5l-44 14z" fill="#8d5f33"/>`).join('') + dots('#4e342e', [[78, 104], [96, 100], [112, 108], [124, 102], [90, 110]], 1.8))],
  stickyrice: ['#fff6dc', plate('<path d="M52 134c0-24 16-32 32-32s32 8 32 32z" fill="#fbfaf3" stroke="#e8e2d0" stroke-width="2"/>' + dots('#efe9dc', [[66, 124], [78, 114], [92, 120], [84, 130], [100, 128]], 2.4) + [0, 1, 2, 3].map((i) => `<path d="M${104 + i * 9} 138c2-22 14-32 26-32-4 14-12 26-26 32z" fill="${i % 2 ? '#ffb300' : '#ffc107'}" stroke="#f59f00" stroke-width="1.5"/>`).join('') + '<path d="M58 118c12-8 40-8 52 4" fill="none" stroke="#fffdf0" stroke-width="5" stroke-linecap="round"/>' + dots('#c0ca33', [[72, 110], [88, 108], [80, 104]], 2))],
  pudding: ['#fbf3e6', `<ellipse cx="100" cy="166" rx="50" ry="7" fill="#000" opacity=".08"/><path d="M46 104h108c0 34-22 58-54 58s-54-24-54-58z" fill="#ffffff" stroke="#d9d3c7" stroke-width="3"/><path d="M80 158h40l-4 6H84z" fill="#d9d3c7"/><ellipse cx="100" cy="104" rx="54" ry="13" fill="#d9d3c7"/><ellipse cx="100" cy="104" rx="49" ry="10" fill="#fff9ec"/><path d="M64 104c8-5 14 3 22-1s14 3 22-1 14 3 22-1" fill="none" stroke="#f1e3c6" stroke-width="2.5" stroke-linecap="round"/>${dots('#8e2430', [[92, 101], [101, 105], [109, 100], [99, 97]], 3.5)}`],
  pancake: ['#fff8d8', plate([[72, 116], [128, 116]].map(([x, y]) => `<rect x="${x! - 24}" y="${y! - 14}" width="48" height="28" rx="12" fill="#ffe082" stroke="#f6c343" stroke-width="2"/><path d="M${x! - 14} ${y! - 7}c8-4 20-4 28 0" stroke="#fff3c4" stroke-width="3" fill="none" stroke-linecap="round"/>`).join('') + '<rect x="76" y="122" width="48" height="28" rx="12" fill="#ffe082" stroke="#f6c343" stroke-width="2"/><ellipse cx="100" cy="136" rx="17" ry="10" fill="#fffdf7"/><rect x="93" y="130" width="13" height="12" rx="2" fill="#ffb300"/>')],
  millecrepe: ['#fff8e1', `<ellipse cx="100" cy="166" rx="62" ry="8" fill="#000" opacity=".08"/><path d="M46 100h106v54H46z" fill="#fff3cf"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="46" y="${104 + i * 6.4}" width="106" height="3" fill="#f3cf5a"/>`).join('')}<path d="M152 100l-26-24v54l26 24z" fill="#ecd48a"/><path d="M46 100h106l-26-24H60z" fill="#fffaeb"/><path d="M92 84c4-10 16-10 20 0 4 8-24 8-20 0z" fill="#f4d03f" stroke="#d4ac0d" stroke-width="2"/><path d="M96 80l-3-6M104 78v-7M112 80l3-6" stroke="#9a7d0a" stroke-width="2" stroke-linecap="round"/>`],
  icedglass: ['#fdecee', cup('#f5ecdf', '<path d="M71 132h58l-3 34H74z" fill="#8e2430"/>' + dots('#b8435a', [[80, 142], [94, 150], [110, 144], [120, 156], [88, 158], [104, 160]], 3) + '<rect x="80" y="92" width="20" height="18" rx="3" fill="#eaf6fd" stroke="#b3dcf3" stroke-width="2" transform="rotate(12 90 101)"/><rect x="102" y="100" width="18" height="16" rx="3" fill="#eaf6fd" stroke="#b3dcf3" stroke-width="2" transform="rotate(-10 111 108)"/>', '<path d="M120 160l14-130" stroke="#b0bec5" stroke-width="4" stroke-linecap="round"/><ellipse cx="134" cy="30" rx="5" ry="3" fill="#b0bec5"/>')],
  sagocup: ['#eef6f6', `<ellipse cx="100" cy="172" rx="44" ry="6" fill="#000" opacity=".08"/><path d="M82 170h36l-6-10H88z" fill="#cfe3ec"/><rect x="96" y="136" width="8" height="26" fill="#d8eaf2"/><path d="M46 80h108c0 34-22 60-54 60s-54-26-54-60z" fill="#eef7fb" stroke="#b8d8e6" stroke-width="3"/><path d="M52 92h96c-4 26-22 42-48 42s-44-16-48-42z" fill="#fbf6ea"/>${[[70, 102], [84, 110], [98, 104], [112, 112], [126, 102], [80, 122], [96, 124], [112, 122], [130, 114], [104, 96]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4" fill="#ffffff" stroke="#dcdcdc" stroke-width="1"/>`).join('')}<path d="M118 80a18 18 0 0 1 32 4z" fill="#ffffff" stroke="#795548" stroke-width="3"/>`],
  parfait: ['#eef2fb', `<ellipse cx="100" cy="172" rx="40" ry="6" fill="#000" opacity=".08"/><path d="M64 64h72v96c0 8-6 12-12 12H76c-6 0-12-4-12-12z" fill="#eef5f8" stroke="#c9dbe3" stroke-width="3"/><path d="M68 96h64v62c0 6-4 10-10 10H78c-6 0-10-4-10-10z" fill="#fffdf8"/><path d="M68 118h64v14H68z" fill="#c8914a"/>${dots('#8d5a2b', [[76, 124], [92, 128], [108, 122], [122, 127]], 2.2)}<path d="M68 148h64v6H68z" fill="#f8bbd0"/><ellipse cx="100" cy="96" rx="32" ry="6" fill="#ffffff"/>${dots('#3949ab', [[84, 90], [112, 88], [98, 84]], 5)}${dots('#e53935', [[94, 92], [118, 94], [78, 95]], 6)}<path d="M104 80c4-8 14-8 16-2-6 4-12 4-16 2z" fill="#43a047"/>`],
  icecream: ['#e8f4fd', `<path d="M76 104l24 68 24-68z" fill="#e0a458"/><path d="M82 112l30 20M88 130l18-12M94 148l10-8" stroke="#c8893c" stroke-width="2"/><circle cx="86" cy="96" r="20" fill="#a5d6a7"/><circle cx="114" cy="96" r="20" fill="#f8bbd0"/><circle cx="100" cy="74" r="20" fill="#fff3e0"/><circle cx="104" cy="54" r="6" fill="#e53935"/>`],
};

export const FOOD_KINDS = Object.keys(FOOD);

/** The illustration's layers (no background), for reuse inside other pictures. */
export function foodArt(kind: string): string {
  const entry = FOOD[kind];
  if (!entry) throw new Error(`No food picture for kind "${kind}"`);
  return entry[1];
}

export function foodBackground(kind: string): string {
  return FOOD[kind]?.[0] ?? '#f5f5f5';
}
