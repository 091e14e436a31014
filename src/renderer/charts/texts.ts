/** The chart wrapper's own texts. */
export const chartTexts = {
  saveImage: { zh: '导出图片', en: 'Save image' },
  saved: { zh: '图片已保存', en: 'Image saved' },
  empty: { zh: '暂无数据', en: 'No data' },
  loading: { zh: '加载中', en: 'Loading' },
}
