import type { Locale } from '@fairex/contract';
import type { ArticleText } from './seed-text.types';

/** The popup notice Home shows once: it says plainly that nothing here is real money. */
export const demoPopupTexts: Record<Locale, ArticleText> = {
  en: {
    title: 'Welcome to the Fairex demo',
    summary: 'Prices are simulated and every balance is test funds. Nothing here moves real money.',
    body:
      'This Fairex installation runs in demo mode.\n\n' +
      'Market prices are simulated: they are not live quotes from any exchange. Balances are test funds with no cash value; they cannot be deposited, withdrawn or exchanged for real assets.\n\n' +
      'Explore freely. Features marked "coming soon" are still being built.',
  },
  zh: {
    title: '欢迎体验 Fairex 演示版',
    summary: '价格为模拟价格，所有余额均为测试资金。这里的任何操作都不涉及真实资金。',
    body:
      '本 Fairex 站点运行在演示模式下。\n\n' +
      '行情价格是模拟生成的，并非任何交易所的实时报价。余额均为测试资金，没有任何现金价值，不能充值、提现，也不能兑换为真实资产。\n\n' +
      '欢迎随意体验。标注“即将上线”的功能仍在开发中。',
  },
  hk: {
    title: '歡迎體驗 Fairex 示範版',
    summary: '價格為模擬價格，所有結餘均為測試資金。這裡的任何操作都不涉及真實資金。',
    body:
      '此 Fairex 站點以示範模式運行。\n\n' +
      '行情價格為模擬產生，並非任何交易所的即時報價。結餘均為測試資金，沒有任何現金價值，不能存入、提取，亦不能兌換為真實資產。\n\n' +
      '歡迎隨意體驗。標示「即將推出」的功能仍在開發中。',
  },
  th: {
    title: 'ยินดีต้อนรับสู่ Fairex เวอร์ชันเดโม',
    summary: 'ราคาเป็นราคาจำลอง และยอดเงินทั้งหมดเป็นเงินทดสอบ ไม่มีการใช้เงินจริงใด ๆ ที่นี่',
    body:
      'Fairex ที่คุณใช้อยู่นี้ทำงานในโหมดเดโม\n\n' +
      'ราคาตลาดเป็นราคาจำลอง ไม่ใช่ราคาจริงจากกระดานเทรดใด ๆ ยอดเงินเป็นเงินทดสอบที่ไม่มีมูลค่าเป็นเงินสด ไม่สามารถฝาก ถอน หรือแลกเป็นสินทรัพย์จริงได้\n\n' +
      'ลองใช้งานได้ตามสบาย ฟีเจอร์ที่มีป้าย "เร็ว ๆ นี้" ยังอยู่ระหว่างการพัฒนา',
  },
  jp: {
    title: 'Fairex デモ版へようこそ',
    summary:
      '価格はシミュレーションで、残高はすべてテスト資金です。ここでの操作で実際のお金が動くことはありません。',
    body:
      'この Fairex はデモモードで動作しています。\n\n' +
      '相場価格はシミュレーションによるもので、どの取引所のリアルタイム価格でもありません。残高はすべて現金価値のないテスト資金で、入金・出金や実際の資産への交換はできません。\n\n' +
      '自由にお試しください。「近日公開」と表示された機能は現在開発中です。',
  },
  kor: {
    title: 'Fairex 데모에 오신 것을 환영합니다',
    summary: '가격은 시뮬레이션이며 모든 잔고는 테스트 자금입니다. 이곳에서는 실제 돈이 움직이지 않습니다.',
    body:
      '이 Fairex는 데모 모드로 운영되고 있습니다.\n\n' +
      '시세는 시뮬레이션된 것으로, 어떤 거래소의 실시간 시세도 아닙니다. 잔고는 현금 가치가 없는 테스트 자금이며 입금, 출금하거나 실제 자산으로 교환할 수 없습니다.\n\n' +
      "자유롭게 둘러보세요. '출시 예정'으로 표시된 기능은 아직 개발 중입니다.",
  },
  fra: {
    title: 'Bienvenue dans la démo Fairex',
    summary:
      "Les prix sont simulés et tous les soldes sont des fonds de test. Rien ici ne met en jeu de l'argent réel.",
    body:
      'Cette installation de Fairex fonctionne en mode démo.\n\n' +
      "Les prix du marché sont simulés\u00a0: ce ne sont pas des cotations en direct d'une plateforme d'échange. Les soldes sont des fonds de test sans valeur monétaire\u00a0; ils ne peuvent être ni déposés, ni retirés, ni échangés contre des actifs réels.\n\n" +
      'Explorez librement. Les fonctions marquées «\u00a0bientôt disponible\u00a0» sont encore en cours de développement.',
  },
  spa: {
    title: 'Bienvenido a la demo de Fairex',
    summary:
      'Los precios son simulados y todos los saldos son fondos de prueba. Aquí no se mueve dinero real.',
    body:
      'Esta instalación de Fairex funciona en modo demo.\n\n' +
      'Los precios de mercado son simulados: no son cotizaciones en directo de ningún exchange. Los saldos son fondos de prueba sin valor monetario; no se pueden depositar, retirar ni cambiar por activos reales.\n\n' +
      'Explora con libertad. Las funciones marcadas como «próximamente» todavía están en desarrollo.',
  },
  vi: {
    title: 'Chào mừng bạn đến với bản demo Fairex',
    summary:
      'Giá là giá mô phỏng và mọi số dư đều là tiền thử nghiệm. Không có tiền thật nào được sử dụng ở đây.',
    body:
      'Hệ thống Fairex này đang chạy ở chế độ demo.\n\n' +
      'Giá thị trường là giá mô phỏng, không phải giá thực tế từ bất kỳ sàn giao dịch nào. Số dư là tiền thử nghiệm, không có giá trị tiền mặt; không thể nạp, rút hay đổi sang tài sản thật.\n\n' +
      'Hãy thoải mái khám phá. Các tính năng được đánh dấu "Sắp ra mắt" vẫn đang được phát triển.',
  },
  pt: {
    title: 'Bem-vindo à demonstração da Fairex',
    summary:
      'Os preços são simulados e todos os saldos são fundos de teste. Nada aqui movimenta dinheiro real.',
    body:
      'Esta instalação da Fairex funciona em modo de demonstração.\n\n' +
      'Os preços de mercado são simulados: não são cotações ao vivo de nenhuma corretora. Os saldos são fundos de teste sem valor monetário; não podem ser depositados, sacados nem trocados por ativos reais.\n\n' +
      'Explore à vontade. Os recursos marcados como "em breve" ainda estão em desenvolvimento.',
  },
};
