import type { Locale } from '@fairex/contract';
import type { ArticleText } from './seed-text.types';

/** The banner images are text-free; what a banner says lives in its title, per locale. */
export const demoBannerSlots = [
  { imageUrl: '/banners/zero-fees.svg', linkRoute: '/pages/transaction/index' },
  { imageUrl: '/banners/order-book.svg', linkRoute: '/pages/market/market' },
  // No link: tapping it opens the banner's own article, which explains the price record.
  { imageUrl: '/banners/price-record.svg', linkRoute: null },
] as const;

type BannerTexts = readonly [ArticleText, ArticleText, ArticleText];

export const demoBannerTexts: Record<Locale, BannerTexts> = {
  en: [
    {
      title: 'Zero fees on BTC pairs',
      summary: 'Spot trades on BTC pairs carry no transaction fee.',
      body:
        'Spot trades on BTC pairs carry no transaction fee on Fairex.\n\n' +
        'In this demo every trade uses test funds and simulated prices, so you can try the whole order flow without risk.',
    },
    {
      title: 'Trade on a real order book',
      summary: 'Orders meet by price first, then by time.',
      body:
        'Every order on Fairex goes into an order book. The best price is matched first, and at the same price the earlier order goes first.\n\n' +
        'You can see the bids and asks waiting in the book before you place your own.',
    },
    {
      title: 'Every price tick is recorded and checkable',
      summary: 'Charts, fills and settlements all come from one stored record of prices.',
      body:
        'Every price update the platform uses is stored with its time.\n\n' +
        'Charts, order fills and settlements are built from that same record, so any figure you see can be traced back to the ticks behind it.',
    },
  ],
  zh: [
    {
      title: 'BTC 交易对零手续费',
      summary: 'BTC 交易对的现货交易不收取任何手续费。',
      body:
        '在 Fairex 上，BTC 交易对的现货交易不收取手续费。\n\n' +
        '本演示中的每笔交易都使用测试资金和模拟价格，您可以放心体验完整的下单流程。',
    },
    {
      title: '在真实订单簿上交易',
      summary: '订单先按价格、再按时间撮合。',
      body:
        'Fairex 上的每一笔订单都会进入订单簿。价格最优者优先成交；价格相同时，先下单者优先。\n\n' +
        '下单之前，您可以看到订单簿中正在等待的买单和卖单。',
    },
    {
      title: '每一次价格跳动都有记录、可核查',
      summary: 'K 线、成交和结算都来自同一份价格记录。',
      body:
        '平台使用的每一次价格更新都会连同时间一起存档。\n\n' +
        'K 线图、订单成交和结算都基于这同一份记录生成，您看到的任何数字都能追溯到背后的逐笔价格。',
    },
  ],
  hk: [
    {
      title: 'BTC 交易對零手續費',
      summary: 'BTC 交易對的現貨交易不收取任何手續費。',
      body:
        '在 Fairex 上，BTC 交易對的現貨交易不收取手續費。\n\n' +
        '本示範中的每筆交易都使用測試資金和模擬價格，您可以放心體驗完整的下單流程。',
    },
    {
      title: '在真實訂單簿上交易',
      summary: '訂單先按價格、再按時間撮合。',
      body:
        'Fairex 上的每一張訂單都會進入訂單簿。價格最優者優先成交；價格相同時，先下單者優先。\n\n' +
        '下單之前，您可以看到訂單簿中正在等候的買單和賣單。',
    },
    {
      title: '每一次價格跳動都有紀錄、可供核查',
      summary: 'K 線、成交和結算都來自同一份價格紀錄。',
      body:
        '平台使用的每一次價格更新都會連同時間一併存檔。\n\n' +
        'K 線圖、訂單成交和結算都以這同一份紀錄為基礎，您看到的任何數字都能追溯到背後的逐筆價格。',
    },
  ],
  th: [
    {
      title: 'ไม่มีค่าธรรมเนียมสำหรับคู่เทรด BTC',
      summary: 'การซื้อขายสปอตในคู่เทรด BTC ไม่มีค่าธรรมเนียมการซื้อขาย',
      body:
        'บน Fairex การซื้อขายสปอตในคู่เทรด BTC ไม่มีค่าธรรมเนียมการซื้อขาย\n\n' +
        'ในเดโมนี้ ทุกการซื้อขายใช้เงินทดสอบและราคาจำลอง คุณจึงลองขั้นตอนการส่งคำสั่งได้ครบทุกขั้นโดยไม่มีความเสี่ยง',
    },
    {
      title: 'เทรดบนสมุดคำสั่งซื้อขายจริง',
      summary: 'คำสั่งจับคู่กันตามราคาก่อน แล้วจึงตามเวลา',
      body:
        'ทุกคำสั่งบน Fairex จะเข้าสู่สมุดคำสั่งซื้อขาย (order book) ราคาที่ดีที่สุดจะได้จับคู่ก่อน และหากราคาเท่ากัน คำสั่งที่ส่งก่อนจะได้ก่อน\n\n' +
        'คุณดูคำสั่งซื้อและคำสั่งขายที่รออยู่ในสมุดได้ก่อนส่งคำสั่งของคุณเอง',
    },
    {
      title: 'ทุกการขยับของราคาถูกบันทึกและตรวจสอบได้',
      summary: 'กราฟ การจับคู่คำสั่ง และการชำระราคา ล้วนมาจากบันทึกราคาชุดเดียวกัน',
      body:
        'ทุกการอัปเดตราคาที่แพลตฟอร์มใช้จะถูกจัดเก็บพร้อมเวลา\n\n' +
        'กราฟ การจับคู่คำสั่ง และการชำระราคา ล้วนสร้างจากบันทึกชุดเดียวกันนี้ ตัวเลขทุกตัวที่คุณเห็นจึงย้อนกลับไปตรวจสอบถึงราคาแต่ละครั้งที่อยู่เบื้องหลังได้',
    },
  ],
  jp: [
    {
      title: 'BTCペアの取引手数料ゼロ',
      summary: 'BTCペアの現物取引には取引手数料がかかりません。',
      body:
        'Fairex では、BTCペアの現物取引に取引手数料はかかりません。\n\n' +
        'このデモでは、すべての取引にテスト資金とシミュレーション価格を使用します。注文の流れを一通り、リスクなくお試しいただけます。',
    },
    {
      title: '本物の板で取引',
      summary: '注文は価格優先、次に時間優先で約定します。',
      body:
        'Fairex の注文はすべてオーダーブック（板）に入ります。最も有利な価格の注文から約定し、同じ価格なら先に出された注文が優先されます。\n\n' +
        '注文を出す前に、板に並んでいる買い注文と売り注文を確認できます。',
    },
    {
      title: 'すべての価格ティックを記録し、検証可能に',
      summary: 'チャート、約定、決済はすべて同じ価格記録から生まれます。',
      body:
        'プラットフォームが使用するすべての価格更新は、その時刻とともに保存されます。\n\n' +
        'チャート、注文の約定、決済はすべてこの同じ記録から作られるため、表示される数字はどれも、その元になったティックまでさかのぼって確認できます。',
    },
  ],
  kor: [
    {
      title: 'BTC 페어 거래 수수료 무료',
      summary: 'BTC 페어 현물 거래에는 거래 수수료가 없습니다.',
      body:
        'Fairex에서 BTC 페어 현물 거래에는 거래 수수료가 부과되지 않습니다.\n\n' +
        '이 데모의 모든 거래는 테스트 자금과 시뮬레이션 가격을 사용하므로, 위험 없이 주문 과정 전체를 체험해 볼 수 있습니다.',
    },
    {
      title: '실제 오더북에서 거래하세요',
      summary: '주문은 가격 우선, 그다음 시간 우선으로 체결됩니다.',
      body:
        'Fairex의 모든 주문은 오더북에 들어갑니다. 가장 유리한 가격이 먼저 체결되고, 가격이 같으면 먼저 들어온 주문이 우선합니다.\n\n' +
        '주문하기 전에 오더북에서 대기 중인 매수·매도 주문을 확인할 수 있습니다.',
    },
    {
      title: '모든 가격 틱을 기록하고 검증할 수 있습니다',
      summary: '차트, 체결, 정산 모두 하나의 가격 기록에서 나옵니다.',
      body:
        '플랫폼이 사용하는 모든 가격 업데이트는 시각과 함께 저장됩니다.\n\n' +
        '차트, 주문 체결, 정산은 모두 이 같은 기록을 바탕으로 만들어지므로, 화면에 보이는 어떤 수치든 그 바탕이 된 틱까지 거슬러 올라가 확인할 수 있습니다.',
    },
  ],
  fra: [
    {
      title: 'Zéro frais sur les paires BTC',
      summary: 'Les opérations au comptant sur les paires BTC sont exemptées de frais de transaction.',
      body:
        'Sur Fairex, les opérations au comptant sur les paires BTC sont exemptées de frais de transaction.\n\n' +
        "Dans cette démo, chaque opération utilise des fonds de test et des prix simulés\u00a0: vous pouvez essayer tout le parcours d'un ordre sans aucun risque.",
    },
    {
      title: "Négociez sur un vrai carnet d'ordres",
      summary: "Les ordres se rencontrent d'abord par prix, puis par ordre d'arrivée.",
      body:
        "Chaque ordre passé sur Fairex entre dans un carnet d'ordres. Le meilleur prix est exécuté en premier et, à prix égal, l'ordre le plus ancien passe d'abord.\n\n" +
        "Vous voyez les offres d'achat et de vente en attente dans le carnet avant de passer votre propre ordre.",
    },
    {
      title: 'Chaque variation de prix est enregistrée et vérifiable',
      summary: "Graphiques, exécutions et règlements proviennent tous d'un même registre des prix.",
      body:
        'Chaque mise à jour de prix utilisée par la plateforme est conservée avec son horodatage.\n\n' +
        "Les graphiques, les exécutions d'ordres et les règlements sont tous construits à partir de ce même registre\u00a0: chaque chiffre affiché peut être retracé jusqu'aux cotations qui l'ont produit.",
    },
  ],
  spa: [
    {
      title: 'Cero comisiones en pares BTC',
      summary: 'Las operaciones al contado en pares BTC no tienen comisión de transacción.',
      body:
        'En Fairex, las operaciones al contado en pares BTC no pagan comisión de transacción.\n\n' +
        'En esta demo cada operación usa fondos de prueba y precios simulados, así que puedes probar todo el proceso de una orden sin ningún riesgo.',
    },
    {
      title: 'Opera en un libro de órdenes real',
      summary: 'Las órdenes se cruzan primero por precio y luego por orden de llegada.',
      body:
        'Cada orden en Fairex entra en un libro de órdenes. El mejor precio se ejecuta primero y, a igual precio, la orden más antigua va antes.\n\n' +
        'Puedes ver las órdenes de compra y de venta que esperan en el libro antes de colocar la tuya.',
    },
    {
      title: 'Cada tick de precio queda registrado y se puede verificar',
      summary: 'Gráficos, ejecuciones y liquidaciones salen de un mismo registro de precios.',
      body:
        'Cada actualización de precio que usa la plataforma se guarda con su hora.\n\n' +
        'Los gráficos, las ejecuciones de órdenes y las liquidaciones se construyen a partir de ese mismo registro, de modo que cualquier cifra que veas puede rastrearse hasta los ticks que la originaron.',
    },
  ],
  vi: [
    {
      title: 'Miễn phí giao dịch các cặp BTC',
      summary: 'Giao dịch giao ngay các cặp BTC không mất phí giao dịch.',
      body:
        'Trên Fairex, giao dịch giao ngay các cặp BTC không mất phí giao dịch.\n\n' +
        'Trong bản demo này, mọi giao dịch đều dùng tiền thử nghiệm và giá mô phỏng, nên bạn có thể thử toàn bộ quy trình đặt lệnh mà không gặp rủi ro nào.',
    },
    {
      title: 'Giao dịch trên sổ lệnh thật',
      summary: 'Lệnh được khớp theo giá trước, rồi theo thời gian.',
      body:
        'Mọi lệnh trên Fairex đều được đưa vào sổ lệnh. Giá tốt nhất được khớp trước; nếu cùng giá, lệnh đặt trước được ưu tiên.\n\n' +
        'Bạn có thể xem các lệnh mua và bán đang chờ trong sổ trước khi đặt lệnh của mình.',
    },
    {
      title: 'Mọi biến động giá đều được ghi lại và có thể kiểm chứng',
      summary: 'Biểu đồ, khớp lệnh và thanh toán đều lấy từ cùng một bản ghi giá.',
      body:
        'Mọi lần cập nhật giá mà nền tảng sử dụng đều được lưu lại cùng thời điểm của nó.\n\n' +
        'Biểu đồ, khớp lệnh và thanh toán đều được tạo từ chính bản ghi đó, nên mọi con số bạn thấy đều có thể truy ngược về từng mức giá phía sau.',
    },
  ],
  pt: [
    {
      title: 'Taxa zero nos pares BTC',
      summary: 'Negociações à vista em pares BTC não têm taxa de transação.',
      body:
        'Na Fairex, as negociações à vista em pares BTC não têm taxa de transação.\n\n' +
        'Nesta demonstração, todas as operações usam fundos de teste e preços simulados, então você pode experimentar todo o fluxo de uma ordem sem nenhum risco.',
    },
    {
      title: 'Negocie em um livro de ofertas real',
      summary: 'As ordens se encontram primeiro por preço e depois por ordem de chegada.',
      body:
        'Toda ordem na Fairex entra em um livro de ofertas. O melhor preço é executado primeiro e, com o mesmo preço, a ordem mais antiga tem prioridade.\n\n' +
        'Você pode ver as ofertas de compra e de venda que aguardam no livro antes de enviar a sua.',
    },
    {
      title: 'Cada tick de preço é registrado e verificável',
      summary: 'Gráficos, execuções e liquidações vêm todos do mesmo registro de preços.',
      body:
        'Cada atualização de preço usada pela plataforma é armazenada com o seu horário.\n\n' +
        'Gráficos, execuções de ordens e liquidações são construídos a partir desse mesmo registro, então qualquer número que você vê pode ser rastreado até os ticks que o originaram.',
    },
  ],
};
