// The demo catalogue: loaded when SEED_DEMO=true and the products table is empty.
// Every image is a plain SVG in rest/public/images/products/, served by the REST
// service under /images/products/<file>, so the shop needs no outside network.

export interface DemoProduct {
  /** 3–60 characters, unique across the list. */
  name: string;
  /** 1–3 sentences of shop copy. */
  description: string;
  /** Dollars, at most 2 decimals. */
  price: number;
  /** Units in stock, an integer >= 0. */
  quantity: number;
  /** File names in rest/public/images/products/; the first is the main image. */
  images: string[];
}

export const demoProducts: readonly DemoProduct[] = [
  {
    name: 'Digital Thermometer',
    description:
      'Oral, underarm or rectal readings in about 10 seconds, with a beep when done. Flexible tip, backlit display and memory of the last reading. Battery included.',
    price: 9.99,
    quantity: 120,
    images: ['digital-thermometer.svg', 'digital-thermometer-detail.svg'],
  },
  {
    name: 'Infrared Ear Thermometer',
    description:
      'Takes a reading in the ear in one second with a single press of the scan button. Stores the last 20 readings and comes with 20 disposable probe covers.',
    price: 39.99,
    quantity: 45,
    images: ['ear-thermometer.svg'],
  },
  {
    name: 'Duck Bath Thermometer',
    description:
      'A floating rubber duck with a digital display that shows the water temperature of the bath. Waterproof and BPA-free, with a replaceable coin cell.',
    price: 7.49,
    quantity: 60,
    images: ['duck-bath-thermometer.svg'],
  },
  {
    name: 'Dual-Head Stethoscope',
    description:
      'Stainless steel chest piece with a diaphragm on one side and a bell on the other. Latex-free tubing, 71 cm long, with two spare sets of soft ear tips.',
    price: 59.99,
    quantity: 30,
    images: ['stethoscope.svg', 'stethoscope-chestpiece.svg'],
  },
  {
    name: 'Upper Arm Blood Pressure Monitor',
    description:
      'Automatic monitor with a large display showing systolic, diastolic and pulse readings. Fits arms of 22–42 cm and stores 120 readings for two users.',
    price: 54.99,
    quantity: 40,
    images: ['blood-pressure-monitor.svg', 'blood-pressure-monitor-display.svg', 'blood-pressure-monitor-cuff.svg'],
  },
  {
    name: 'Fingertip Pulse Oximeter',
    description:
      'Clips onto a fingertip and shows oxygen saturation and pulse rate on a bright colour display. Runs on two AAA batteries and comes with a lanyard.',
    price: 24.99,
    quantity: 3,
    images: ['pulse-oximeter.svg'],
  },
  {
    name: 'Blood Glucose Meter Kit',
    description:
      'Meter, lancing device, 10 lancets and 10 test strips in a zip case. Results in 5 seconds from a small sample, shown in mg/dL.',
    price: 29.99,
    quantity: 25,
    images: ['glucose-meter-kit.svg', 'glucose-meter-kit-contents.svg'],
  },
  {
    name: 'Glucose Test Strips (50-Pack)',
    description:
      'Fifty test strips for the Medshop blood glucose meter, in a flip-top vial that keeps out moisture. Check the expiry date printed on the vial before use.',
    price: 19.99,
    quantity: 200,
    images: ['glucose-test-strips.svg'],
  },
  {
    name: 'Family First Aid Kit',
    description:
      'A sturdy carry case with 120 pieces: bandages, gauze, tape, scissors, gloves and more. Clear compartments keep everything easy to find.',
    price: 34.99,
    quantity: 80,
    images: ['first-aid-kit.svg', 'first-aid-kit-contents.svg'],
  },
  {
    name: 'Travel First Aid Kit',
    description:
      'A compact zip pouch with 42 essentials for the car, backpack or glovebox. Includes a strap loop for hanging.',
    price: 12.99,
    quantity: 0,
    images: ['travel-first-aid-kit.svg'],
  },
  {
    name: 'Elastic Bandage Wrap',
    description:
      'Breathable, washable elastic wrap, 7.5 cm wide and 4.5 m long when stretched. Two metal clips included.',
    price: 5.49,
    quantity: 150,
    images: ['elastic-bandage.svg'],
  },
  {
    name: 'Sterile Gauze Pads (25-Pack)',
    description:
      'Individually wrapped 10 × 10 cm cotton gauze pads, sterile until opened. Highly absorbent and low-lint.',
    price: 6.99,
    quantity: 180,
    images: ['sterile-gauze-pads.svg'],
  },
  {
    name: 'Adhesive Bandages (100-Pack)',
    description:
      'Assorted fabric bandages in five shapes and sizes, including knuckle and spot bandages. Flexible and breathable for everyday scrapes.',
    price: 4.99,
    quantity: 240,
    images: ['adhesive-bandages.svg'],
  },
  {
    name: 'Nitrile Gloves, Box of 100',
    description: 'Powder-free, latex-free nitrile examination gloves in size M. Textured fingertips for a secure grip.',
    price: 14.99,
    quantity: 90,
    images: ['nitrile-gloves-box.svg'],
  },
  {
    name: 'Surgical Face Masks (50-Pack)',
    description:
      'Three-ply disposable masks with soft ear loops and an adjustable nose wire. Packed in a dispenser box.',
    price: 11.99,
    quantity: 130,
    images: ['surgical-masks.svg'],
  },
  {
    name: 'Hand Sanitizer Gel 500 ml',
    description: 'Fast-drying gel with 70% alcohol and added aloe, in a pump bottle for the desk or reception counter.',
    price: 6.49,
    quantity: 210,
    images: ['hand-sanitizer.svg'],
  },
  {
    name: 'Hinged Knee Brace',
    description:
      'Neoprene knee support with metal side hinges and an open kneecap with a silicone ring. Three adjustable straps for a secure fit.',
    price: 39.99,
    quantity: 2,
    images: ['knee-brace.svg'],
  },
  {
    name: 'Wrist Splint',
    description:
      'A padded wrist support with a removable palm stay and three hook-and-loop straps. Fits the left or right hand.',
    price: 19.99,
    quantity: 35,
    images: ['wrist-splint.svg'],
  },
  {
    name: 'Reusable Hot/Cold Gel Pack',
    description:
      'Keep it in the freezer for cold or warm it in the microwave for heat. Stays flexible when frozen and comes with a soft cover.',
    price: 8.99,
    quantity: 110,
    images: ['hot-cold-gel-pack.svg'],
  },
  {
    name: 'Instant Cold Packs (4-Pack)',
    description: 'Squeeze to activate: no freezer needed. Each single-use pack stays cold for about 15 minutes.',
    price: 7.99,
    quantity: 75,
    images: ['instant-cold-packs.svg'],
  },
  {
    name: 'Weekly AM/PM Pill Organizer',
    description:
      'Fourteen compartments, morning and evening for each day of the week, with easy-open lids. Dishwasher-safe and BPA-free.',
    price: 8.5,
    quantity: 95,
    images: ['pill-organizer.svg', 'pill-organizer-open.svg'],
  },
  {
    name: 'Graduated Compression Socks',
    description:
      'Knee-high socks with 15–20 mmHg graduated compression, tighter at the ankle. Cushioned heel and toe; sold as one pair.',
    price: 17.99,
    quantity: 70,
    images: ['compression-socks.svg'],
  },
  {
    name: 'Compact Nebulizer',
    description:
      'A quiet compressor nebulizer with a mouthpiece, medication cup, tubing and spare filters. Use only with medication prescribed for you.',
    price: 79.99,
    quantity: 4,
    images: ['nebulizer.svg'],
  },
  {
    name: 'Sterile Syringes 3 ml (10-Pack)',
    description:
      'Single-use 3 ml syringes with luer lock tips, individually sealed. Sold for pharmacy and clinical use.',
    price: 8.49,
    quantity: 0,
    images: ['sterile-syringes.svg'],
  },
  {
    name: 'Reading Glasses +1.50',
    description:
      'Lightweight tortoiseshell frames with spring hinges and scratch-resistant lenses. Comes with a soft case.',
    price: 12.5,
    quantity: 65,
    images: ['reading-glasses.svg'],
  },
  {
    name: 'Adjustable Walking Cane',
    description:
      'Aluminium cane that adjusts from 78 to 99 cm with a push button. Foam grip, wrist strap and a non-slip rubber tip.',
    price: 30,
    quantity: 20,
    images: ['walking-cane.svg'],
  },
  {
    name: 'Electric Heating Pad',
    description:
      'A soft fleece pad, 30 × 60 cm, with three heat settings and an automatic shut-off after 90 minutes. The cover is machine-washable.',
    price: 44.99,
    quantity: 0,
    images: ['heating-pad.svg'],
  },
  {
    name: 'Precision Tweezers Kit',
    description:
      'Four stainless steel tweezers with slanted, pointed, flat and curved tips for splinters and fine work. Stored in a zip case.',
    price: 9.49,
    quantity: 5,
    images: ['tweezers-kit.svg'],
  },
  {
    name: 'Saline Nasal Spray',
    description: 'Gentle 0.65% saline mist for moisturising dry nasal passages. Preservative-free, 45 ml.',
    price: 5.99,
    quantity: 160,
    images: ['saline-nasal-spray.svg'],
  },
  {
    name: 'SPF 30 Lip Balm',
    description:
      'A moisturising lip balm with SPF 30 broad-spectrum protection and a light vanilla scent. Reapply after eating or swimming.',
    price: 2.99,
    quantity: 250,
    images: ['lip-balm-spf.svg'],
  },
  {
    name: 'Mineral Sunscreen SPF 50',
    description:
      'Zinc oxide sunscreen lotion with broad-spectrum SPF 50, water resistant for 40 minutes. Fragrance-free, 100 ml.',
    price: 14.5,
    quantity: 85,
    images: ['mineral-sunscreen.svg'],
  },
  {
    name: 'Lightweight Folding Wheelchair',
    description:
      'A steel-frame wheelchair that folds flat for the car boot, with 24-inch rear wheels and swing-away footrests. Seat width 46 cm, weight 15 kg.',
    price: 249.99,
    quantity: 12,
    images: ['folding-wheelchair.svg'],
  },
];

/**
 * The demo catalogue's categories: each one's path from the top (a category with products may have subcategories
 * too), and its products by name. Every demo product is in one.
 */
export const demoCategories: readonly { path: readonly string[]; products: readonly string[] }[] = [
  {
    path: ['Diagnostics', 'Thermometers'],
    products: ['Digital Thermometer', 'Infrared Ear Thermometer', 'Duck Bath Thermometer'],
  },
  {
    path: ['Diagnostics', 'Heart & blood'],
    products: ['Dual-Head Stethoscope', 'Upper Arm Blood Pressure Monitor', 'Fingertip Pulse Oximeter'],
  },
  {
    path: ['Diagnostics', 'Diabetes care'],
    products: ['Blood Glucose Meter Kit', 'Glucose Test Strips (50-Pack)', 'Sterile Syringes 3 ml (10-Pack)'],
  },
  { path: ['First aid', 'Kits'], products: ['Family First Aid Kit', 'Travel First Aid Kit'] },
  {
    path: ['First aid', 'Wound care'],
    products: [
      'Elastic Bandage Wrap',
      'Sterile Gauze Pads (25-Pack)',
      'Adhesive Bandages (100-Pack)',
      'Precision Tweezers Kit',
    ],
  },
  {
    path: ['First aid', 'Hot & cold therapy'],
    products: ['Reusable Hot/Cold Gel Pack', 'Instant Cold Packs (4-Pack)', 'Electric Heating Pad'],
  },
  {
    path: ['Hygiene & protection'],
    products: ['Nitrile Gloves, Box of 100', 'Surgical Face Masks (50-Pack)', 'Hand Sanitizer Gel 500 ml'],
  },
  {
    path: ['Mobility & support', 'Braces & splints'],
    products: ['Hinged Knee Brace', 'Wrist Splint', 'Graduated Compression Socks'],
  },
  {
    path: ['Mobility & support', 'Walking aids'],
    products: ['Adjustable Walking Cane', 'Lightweight Folding Wheelchair'],
  },
  {
    path: ['Everyday health'],
    products: ['Weekly AM/PM Pill Organizer', 'Compact Nebulizer', 'Reading Glasses +1.50', 'Saline Nasal Spray'],
  },
  { path: ['Everyday health', 'Skin & sun care'], products: ['SPF 30 Lip Balm', 'Mineral Sunscreen SPF 50'] },
];
