import type { Locale } from '@fairex/contract';
import type { FaqText } from './seed-text.types';

type FaqTexts = readonly [FaqText, FaqText, FaqText, FaqText, FaqText, FaqText, FaqText];

export const demoFaqTexts: Record<Locale, FaqTexts> = {
  en: [
    {
      question: 'Is this real money?',
      answer:
        'No. This installation runs in demo mode: prices are simulated and every balance is test funds with no cash value. Test funds cannot be withdrawn or exchanged for real assets.',
    },
    {
      question: 'Where do the prices come from?',
      answer:
        'In demo mode the platform simulates prices. They move like a real market but are not quotes from any exchange.',
    },
    {
      question: 'Are there fees on BTC pairs?',
      answer:
        'No. Spot trades on BTC pairs carry no transaction fee. Any fee on other markets is shown before you confirm an order.',
    },
    {
      question: 'Why do I need to verify my identity?',
      answer:
        "Verification protects your account and is required by the operator's compliance rules. Basic verification (Lv1) allows withdrawals of up to 200 BTC in 24 hours; advanced verification (Lv2) raises this to 500 BTC.",
    },
    {
      question: 'How do I change the language?',
      answer:
        'Open Settings and choose Language. The app switches at once and remembers your choice on this device.',
    },
    {
      question: 'Why are some features marked "coming soon"?',
      answer:
        'Those features are still being built. Their shortcuts stay visible so you can see what is on the way, and they open as soon as the feature is ready.',
    },
    {
      question: 'How do I contact customer support?',
      answer:
        'Open Contact us to start an online chat or to reach us on WhatsApp or Telegram. Support is available 24 hours a day.',
    },
  ],
  zh: [
    {
      question: '这是真实资金吗？',
      answer:
        '不是。本站点运行在演示模式下：价格为模拟价格，所有余额均为没有现金价值的测试资金。测试资金不能提现，也不能兑换为真实资产。',
    },
    {
      question: '价格从哪里来？',
      answer: '在演示模式下，价格由平台模拟生成。它们的走势与真实市场相似，但不是任何交易所的报价。',
    },
    {
      question: 'BTC 交易对收手续费吗？',
      answer: '不收。BTC 交易对的现货交易不收取手续费。其他市场如有手续费，会在您确认下单前显示。',
    },
    {
      question: '为什么需要实名认证？',
      answer:
        '实名认证可以保护您的账户，也是运营方合规要求的一部分。完成初级认证（Lv1）后，24 小时内最多可提现 200 BTC；完成高级认证（Lv2）后提高到 500 BTC。',
    },
    {
      question: '如何切换语言？',
      answer: '打开“设置”，选择“语言”即可。应用会立即切换，并在本设备上记住您的选择。',
    },
    {
      question: '为什么有些功能标着“即将上线”？',
      answer: '这些功能仍在开发中。我们保留了它们的入口，让您知道接下来会有什么；功能完成后即可使用。',
    },
    {
      question: '如何联系客服？',
      answer: '打开“联系我们”，即可发起在线咨询，或通过 WhatsApp、Telegram 联系我们。客服 24 小时在线。',
    },
  ],
  hk: [
    {
      question: '這是真實資金嗎？',
      answer:
        '不是。此站點以示範模式運行：價格為模擬價格，所有結餘均為沒有現金價值的測試資金。測試資金不能提取，亦不能兌換為真實資產。',
    },
    {
      question: '價格從哪裡來？',
      answer: '在示範模式下，價格由平台模擬產生。走勢與真實市場相似，但並非任何交易所的報價。',
    },
    {
      question: 'BTC 交易對收手續費嗎？',
      answer: '不收。BTC 交易對的現貨交易不收取手續費。其他市場如有手續費，會在您確認下單前顯示。',
    },
    {
      question: '為甚麼需要實名認證？',
      answer:
        '實名認證可保護您的帳戶，亦是營運方合規要求的一部分。完成初級認證（Lv1）後，24 小時內最多可提取 200 BTC；完成高級認證（Lv2）後提高至 500 BTC。',
    },
    {
      question: '如何切換語言？',
      answer: '打開「設定」，選擇「語言」即可。應用程式會即時切換，並在本裝置上記住您的選擇。',
    },
    {
      question: '為甚麼有些功能標示「即將推出」？',
      answer: '這些功能仍在開發中。我們保留了它們的入口，讓您知道接下來會有甚麼；功能完成後即可使用。',
    },
    {
      question: '如何聯絡客服？',
      answer: '打開「聯絡我們」，即可開始線上查詢，或透過 WhatsApp、Telegram 聯絡我們。客服 24 小時在線。',
    },
  ],
  th: [
    {
      question: 'นี่เป็นเงินจริงหรือไม่',
      answer:
        'ไม่ใช่ ระบบนี้ทำงานในโหมดเดโม ราคาเป็นราคาจำลอง และยอดเงินทั้งหมดเป็นเงินทดสอบที่ไม่มีมูลค่าเป็นเงินสด เงินทดสอบไม่สามารถถอนหรือแลกเป็นสินทรัพย์จริงได้',
    },
    {
      question: 'ราคามาจากไหน',
      answer: 'ในโหมดเดโม แพลตฟอร์มจำลองราคาขึ้นเอง ราคาจะเคลื่อนไหวคล้ายตลาดจริง แต่ไม่ใช่ราคาจากกระดานเทรดใด ๆ',
    },
    {
      question: 'คู่เทรด BTC มีค่าธรรมเนียมหรือไม่',
      answer:
        'ไม่มี การซื้อขายสปอตในคู่เทรด BTC ไม่มีค่าธรรมเนียมการซื้อขาย หากตลาดอื่นมีค่าธรรมเนียม ระบบจะแสดงให้เห็นก่อนคุณยืนยันคำสั่ง',
    },
    {
      question: 'ทำไมต้องยืนยันตัวตน',
      answer:
        'การยืนยันตัวตนช่วยปกป้องบัญชีของคุณ และเป็นข้อกำหนดด้านการปฏิบัติตามกฎของผู้ให้บริการ การยืนยันขั้นพื้นฐาน (Lv1) ให้ถอนได้สูงสุด 200 BTC ภายใน 24 ชั่วโมง ส่วนขั้นสูง (Lv2) เพิ่มเป็น 500 BTC',
    },
    {
      question: 'เปลี่ยนภาษาได้อย่างไร',
      answer: 'เปิดหน้าการตั้งค่าแล้วเลือกภาษา แอปจะเปลี่ยนภาษาทันที และจดจำตัวเลือกของคุณไว้ในอุปกรณ์นี้',
    },
    {
      question: 'ทำไมบางฟีเจอร์จึงมีป้าย "เร็ว ๆ นี้"',
      answer: 'ฟีเจอร์เหล่านั้นยังอยู่ระหว่างการพัฒนา เราแสดงทางลัดไว้เพื่อให้คุณรู้ว่ามีอะไรกำลังจะมา และจะเปิดใช้งานได้ทันทีที่พร้อม',
    },
    {
      question: 'ติดต่อฝ่ายบริการลูกค้าได้อย่างไร',
      answer:
        'เปิดหน้า "ติดต่อเรา" เพื่อเริ่มแชตออนไลน์ หรือติดต่อเราทาง WhatsApp หรือ Telegram ฝ่ายบริการลูกค้าพร้อมให้บริการตลอด 24 ชั่วโมง',
    },
  ],
  jp: [
    {
      question: 'これは本物のお金ですか？',
      answer:
        'いいえ。このサイトはデモモードで動作しています。価格はシミュレーションで、残高はすべて現金価値のないテスト資金です。テスト資金は出金することも、実際の資産に交換することもできません。',
    },
    {
      question: '価格はどこから来ていますか？',
      answer:
        'デモモードでは、プラットフォームが価格をシミュレーションしています。実際の市場のように動きますが、どの取引所の価格でもありません。',
    },
    {
      question: 'BTCペアに手数料はかかりますか？',
      answer:
        'かかりません。BTCペアの現物取引に取引手数料はかかりません。その他の市場で手数料がかかる場合は、注文を確定する前に表示されます。',
    },
    {
      question: 'なぜ本人確認が必要なのですか？',
      answer:
        '本人確認はお客様のアカウントを守るためのもので、運営者のコンプライアンス上も必要です。基本認証（Lv1）では24時間で最大200 BTCまで出金でき、上級認証（Lv2）では500 BTCまで引き上げられます。',
    },
    {
      question: '言語を変更するには？',
      answer:
        '「設定」を開き、「言語」を選んでください。アプリはすぐに切り替わり、選択はこの端末に保存されます。',
    },
    {
      question: '「近日公開」と表示されている機能があるのはなぜですか？',
      answer:
        'それらの機能は現在開発中です。今後追加される機能が分かるようにショートカットを表示しており、準備が整いしだい利用できるようになります。',
    },
    {
      question: 'カスタマーサポートへの連絡方法は？',
      answer:
        '「お問い合わせ」を開くと、オンラインチャットを始めるか、WhatsApp または Telegram でご連絡いただけます。サポートは24時間対応です。',
    },
  ],
  kor: [
    {
      question: '실제 돈인가요?',
      answer:
        '아닙니다. 이 사이트는 데모 모드로 운영됩니다. 가격은 시뮬레이션이며 모든 잔고는 현금 가치가 없는 테스트 자금입니다. 테스트 자금은 출금하거나 실제 자산으로 교환할 수 없습니다.',
    },
    {
      question: '가격은 어디에서 오나요?',
      answer:
        '데모 모드에서는 플랫폼이 가격을 시뮬레이션합니다. 실제 시장처럼 움직이지만 어떤 거래소의 시세도 아닙니다.',
    },
    {
      question: 'BTC 페어에 수수료가 있나요?',
      answer:
        '없습니다. BTC 페어 현물 거래에는 거래 수수료가 없습니다. 다른 시장에 수수료가 있으면 주문을 확인하기 전에 표시됩니다.',
    },
    {
      question: '왜 본인 인증을 해야 하나요?',
      answer:
        '본인 인증은 계정을 보호하며 운영사의 컴플라이언스 규정상 필요합니다. 기본 인증(Lv1)을 마치면 24시간 동안 최대 200 BTC까지 출금할 수 있고, 고급 인증(Lv2)을 마치면 500 BTC까지 늘어납니다.',
    },
    {
      question: '언어는 어떻게 바꾸나요?',
      answer: '설정에서 언어를 선택하세요. 앱이 즉시 전환되며 선택한 언어는 이 기기에 저장됩니다.',
    },
    {
      question: "일부 기능에 '출시 예정'이 표시된 이유는 무엇인가요?",
      answer:
        '해당 기능은 아직 개발 중입니다. 앞으로 어떤 기능이 추가될지 알 수 있도록 바로가기를 표시해 두었으며, 준비되는 대로 바로 열립니다.',
    },
    {
      question: '고객센터에 어떻게 연락하나요?',
      answer:
        "'문의하기'를 열어 온라인 채팅을 시작하거나 WhatsApp 또는 Telegram으로 연락하세요. 고객 지원은 24시간 운영됩니다.",
    },
  ],
  fra: [
    {
      question: "S'agit-il d'argent réel\u00a0?",
      answer:
        'Non. Cette installation fonctionne en mode démo\u00a0: les prix sont simulés et tous les soldes sont des fonds de test sans valeur monétaire. Les fonds de test ne peuvent être ni retirés ni échangés contre des actifs réels.',
    },
    {
      question: "D'où viennent les prix\u00a0?",
      answer:
        "En mode démo, la plateforme simule les prix. Ils évoluent comme sur un vrai marché, mais ne proviennent d'aucune plateforme d'échange.",
    },
    {
      question: 'Y a-t-il des frais sur les paires BTC\u00a0?',
      answer:
        'Non. Les opérations au comptant sur les paires BTC sont exemptées de frais de transaction. Les éventuels frais des autres marchés sont affichés avant que vous ne confirmiez un ordre.',
    },
    {
      question: 'Pourquoi dois-je vérifier mon identité\u00a0?',
      answer:
        "La vérification protège votre compte et est exigée par les règles de conformité de l'opérateur. La vérification de base (Lv1) permet des retraits jusqu'à 200 BTC sur 24 heures\u00a0; la vérification avancée (Lv2) porte ce plafond à 500 BTC.",
    },
    {
      question: 'Comment changer de langue\u00a0?',
      answer:
        "Ouvrez les Paramètres et choisissez Langue. L'application change aussitôt et mémorise votre choix sur cet appareil.",
    },
    {
      question: 'Pourquoi certaines fonctions sont-elles marquées «\u00a0bientôt disponible\u00a0»\u00a0?',
      answer:
        "Ces fonctions sont encore en cours de développement. Leurs raccourcis restent visibles pour que vous sachiez ce qui arrive, et ils s'ouvriront dès que la fonction sera prête.",
    },
    {
      question: 'Comment contacter le service client\u00a0?',
      answer:
        "Ouvrez «\u00a0Nous contacter\u00a0» pour lancer un chat en ligne ou nous joindre sur WhatsApp ou Telegram. L'assistance est disponible 24 heures sur 24.",
    },
  ],
  spa: [
    {
      question: '¿Es dinero real?',
      answer:
        'No. Esta instalación funciona en modo demo: los precios son simulados y todos los saldos son fondos de prueba sin valor monetario. Los fondos de prueba no se pueden retirar ni cambiar por activos reales.',
    },
    {
      question: '¿De dónde salen los precios?',
      answer:
        'En modo demo, la plataforma simula los precios. Se mueven como en un mercado real, pero no son cotizaciones de ningún exchange.',
    },
    {
      question: '¿Hay comisiones en los pares BTC?',
      answer:
        'No. Las operaciones al contado en pares BTC no tienen comisión de transacción. Si otros mercados tienen comisión, se muestra antes de que confirmes la orden.',
    },
    {
      question: '¿Por qué tengo que verificar mi identidad?',
      answer:
        'La verificación protege tu cuenta y la exigen las normas de cumplimiento del operador. La verificación básica (Lv1) permite retiros de hasta 200 BTC en 24 horas; la avanzada (Lv2) eleva el límite a 500 BTC.',
    },
    {
      question: '¿Cómo cambio el idioma?',
      answer:
        'Abre Ajustes y elige Idioma. La aplicación cambia al instante y recuerda tu elección en este dispositivo.',
    },
    {
      question: '¿Por qué algunas funciones dicen «próximamente»?',
      answer:
        'Esas funciones todavía están en desarrollo. Sus accesos directos siguen visibles para que sepas lo que viene, y se abrirán en cuanto la función esté lista.',
    },
    {
      question: '¿Cómo contacto con atención al cliente?',
      answer:
        'Abre «Contáctanos» para iniciar un chat en línea o escribirnos por WhatsApp o Telegram. El soporte está disponible las 24 horas del día.',
    },
  ],
  vi: [
    {
      question: 'Đây có phải là tiền thật không?',
      answer:
        'Không. Hệ thống này đang chạy ở chế độ demo: giá là giá mô phỏng và mọi số dư đều là tiền thử nghiệm không có giá trị tiền mặt. Tiền thử nghiệm không thể rút hay đổi sang tài sản thật.',
    },
    {
      question: 'Giá lấy từ đâu?',
      answer:
        'Ở chế độ demo, nền tảng tự mô phỏng giá. Giá biến động giống thị trường thật nhưng không phải giá niêm yết của bất kỳ sàn giao dịch nào.',
    },
    {
      question: 'Các cặp BTC có mất phí không?',
      answer:
        'Không. Giao dịch giao ngay các cặp BTC không mất phí giao dịch. Nếu thị trường khác có phí, mức phí sẽ được hiển thị trước khi bạn xác nhận lệnh.',
    },
    {
      question: 'Vì sao tôi cần xác minh danh tính?',
      answer:
        'Xác minh giúp bảo vệ tài khoản của bạn và là yêu cầu theo quy định tuân thủ của nhà vận hành. Xác minh cơ bản (Lv1) cho phép rút tối đa 200 BTC trong 24 giờ; xác minh nâng cao (Lv2) nâng hạn mức lên 500 BTC.',
    },
    {
      question: 'Làm sao để đổi ngôn ngữ?',
      answer:
        'Mở Cài đặt và chọn Ngôn ngữ. Ứng dụng sẽ chuyển ngay và ghi nhớ lựa chọn của bạn trên thiết bị này.',
    },
    {
      question: 'Vì sao một số tính năng được đánh dấu "Sắp ra mắt"?',
      answer:
        'Những tính năng đó vẫn đang được phát triển. Lối tắt của chúng vẫn hiển thị để bạn biết sắp có gì, và sẽ mở ngay khi tính năng sẵn sàng.',
    },
    {
      question: 'Làm sao để liên hệ bộ phận chăm sóc khách hàng?',
      answer:
        'Mở mục "Liên hệ" để bắt đầu trò chuyện trực tuyến hoặc liên hệ qua WhatsApp hay Telegram. Bộ phận hỗ trợ làm việc 24 giờ mỗi ngày.',
    },
  ],
  pt: [
    {
      question: 'Isto é dinheiro de verdade?',
      answer:
        'Não. Esta instalação funciona em modo de demonstração: os preços são simulados e todos os saldos são fundos de teste sem valor monetário. Fundos de teste não podem ser sacados nem trocados por ativos reais.',
    },
    {
      question: 'De onde vêm os preços?',
      answer:
        'No modo de demonstração, a plataforma simula os preços. Eles se movem como em um mercado real, mas não são cotações de nenhuma corretora.',
    },
    {
      question: 'Há taxas nos pares BTC?',
      answer:
        'Não. Negociações à vista em pares BTC não têm taxa de transação. Se outros mercados tiverem taxa, ela aparece antes de você confirmar a ordem.',
    },
    {
      question: 'Por que preciso verificar minha identidade?',
      answer:
        'A verificação protege sua conta e é exigida pelas regras de conformidade do operador. A verificação básica (Lv1) permite saques de até 200 BTC em 24 horas; a avançada (Lv2) eleva o limite para 500 BTC.',
    },
    {
      question: 'Como mudo o idioma?',
      answer:
        'Abra Configurações e escolha Idioma. O aplicativo muda na hora e guarda sua escolha neste aparelho.',
    },
    {
      question: 'Por que alguns recursos estão marcados como "em breve"?',
      answer:
        'Esses recursos ainda estão em desenvolvimento. Os atalhos continuam visíveis para você saber o que vem por aí, e eles abrem assim que o recurso estiver pronto.',
    },
    {
      question: 'Como falo com o atendimento ao cliente?',
      answer:
        'Abra "Fale conosco" para iniciar um chat online ou falar conosco pelo WhatsApp ou Telegram. O suporte atende 24 horas por dia.',
    },
  ],
};
