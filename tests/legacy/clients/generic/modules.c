#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/modules.c"
#else

/* mean squared error (sizeAverage) or its sum, into a 1-element output */
void nn_(mse_forward)(THTensor *input, THTensor *target, THTensor *output, int sizeAverage) {
  accreal sum = 0;
  THArgCheck(THTensor_(nElement)(input) == THTensor_(nElement)(target), 2,
             "input and target differ in size: %s and %s", THTensor_(sizeDesc)(input).str,
             THTensor_(sizeDesc)(target).str);
  TH_TENSOR_APPLY2(real, input, real, target,
                   real z = *input_data - *target_data;
                   sum += z * z;);
  if (sizeAverage) sum /= THTensor_(nElement)(input);
  THTensor_(resize1d)(output, 1);
  THTensor_(set1d)(output, 0, (real)sum);
}

/* its gradient: norm * (input - target) */
void nn_(mse_backward)(THTensor *input, THTensor *target, THTensor *gradInput, int sizeAverage) {
  real norm = (real)(sizeAverage ? 2. / THTensor_(nElement)(input) : 2.);
  THTensor_(resizeAs)(gradInput, input);
  THTensor_(copy)(gradInput, input);
  THTensor_(cadd)(gradInput, gradInput, -1, target);
  THTensor_(mul)(gradInput, gradInput, norm);
}

/* a linear layer: output = input weight^T + bias, the bias added row by row */
void nn_(linear)(THTensor *output, THTensor *input, THTensor *weight, THTensor *bias) {
  int64_t i;
  THArgCheck(input->nDimension == 2, 2, "2D input expected");
  THTensor *wt = THTensor_(newTranspose)(weight, 0, 1);
  THTensor_(resize2d)(output, input->size[0], weight->size[0]);
  THTensor_(zero)(output);
  THTensor_(addmm)(output, 0, output, 1, input, wt);
  THTensor *row = THTensor_(new)();
  for (i = 0; i < output->size[0]; i++) {
    THTensor_(select)(row, output, 0, i);
    THTensor_(cadd)(row, row, 1, bias);
  }
  THTensor_(free)(row);
  THTensor_(free)(wt);
}

/* softmax over dim 1 of a 2-dim tensor, with TH's max and sum over a dim */
void nn_(softmax)(THTensor *output, THTensor *input) {
  THTensor *maxes = THTensor_(new)(), *sums = THTensor_(new)();
  THLongTensor *where = THLongTensor_new();
  THTensor_(max)(maxes, where, input, 1, 1);
  THTensor_(resizeAs)(output, input);
  THTensor_(copy)(output, input);
  TH_TENSOR_DIM_APPLY2(real, output, real, maxes, 1,
    int64_t k;
    for (k = 0; k < output_size; k++) output_data[k * output_stride] -= maxes_data[0];)
  THTensor_(exp)(output, output);
  THTensor_(sum)(sums, output, 1, 1);
  TH_TENSOR_DIM_APPLY2(real, output, real, sums, 1,
    int64_t k;
    for (k = 0; k < output_size; k++) output_data[k * output_stride] /= sums_data[0];)
  THLongTensor_free(where);
  THTensor_(free)(sums);
  THTensor_(free)(maxes);
}

#endif
