// File: mxfp4/gpu/platform/hip_runtime_stub.cc
//
// The HIP runtime subset of hip_runtime.h for builds without a GPU compiler
// (--define=mxfp4_gpu=none). Every call that would touch a device returns
// hipErrorNoDevice, so status.h turns it into
// absl::UnavailableError("built without GPU support ..."), and tests skip.

#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu {
bool GpuBuildEnabled() { return false; }
const char* GpuBuildDescription() { return "none (stubs: built without GPU support)"; }
}  // namespace mxfp4::gpu

hipError_t hipGetDeviceCount(int* count) {
  if (count != nullptr) *count = 0;
  return hipErrorNoDevice;
}
hipError_t hipGetDevice(int*) { return hipErrorNoDevice; }
hipError_t hipSetDevice(int) { return hipErrorNoDevice; }
hipError_t hipGetDeviceProperties(hipDeviceProp_t*, int) { return hipErrorNoDevice; }
hipError_t hipDeviceSynchronize() { return hipErrorNoDevice; }
hipError_t hipDriverGetVersion(int* version) {
  if (version != nullptr) *version = 0;
  return hipErrorNoDevice;
}
hipError_t hipRuntimeGetVersion(int* version) {
  if (version != nullptr) *version = 0;
  return hipErrorNoDevice;
}

hipError_t hipGetLastError() { return hipSuccess; }
hipError_t hipPeekAtLastError() { return hipSuccess; }

const char* hipGetErrorName(hipError_t error) {
  switch (error) {
    case hipSuccess: return "hipSuccess";
    case hipErrorInvalidValue: return "hipErrorInvalidValue";
    case hipErrorOutOfMemory: return "hipErrorOutOfMemory";
    case hipErrorNoDevice: return "hipErrorNoDevice";
    default: return "hipErrorUnknown";
  }
}
const char* hipGetErrorString(hipError_t error) {
  switch (error) {
    case hipSuccess: return "no error";
    case hipErrorNoDevice: return "built without GPU support";
    default: return "unknown error (stub GPU runtime)";
  }
}

hipError_t hipMalloc(void** ptr, size_t) {
  if (ptr != nullptr) *ptr = nullptr;
  return hipErrorNoDevice;
}
hipError_t hipFree(void* ptr) { return ptr == nullptr ? hipSuccess : hipErrorNoDevice; }
hipError_t hipHostMalloc(void** ptr, size_t, unsigned int) {
  if (ptr != nullptr) *ptr = nullptr;
  return hipErrorNoDevice;
}
hipError_t hipHostFree(void* ptr) { return ptr == nullptr ? hipSuccess : hipErrorNoDevice; }
hipError_t hipMemGetInfo(size_t*, size_t*) { return hipErrorNoDevice; }
hipError_t hipMemcpy(void*, const void*, size_t, hipMemcpyKind) { return hipErrorNoDevice; }
hipError_t hipMemcpyAsync(void*, const void*, size_t, hipMemcpyKind, hipStream_t) {
  return hipErrorNoDevice;
}
hipError_t hipMemset(void*, int, size_t) { return hipErrorNoDevice; }
hipError_t hipMemsetAsync(void*, int, size_t, hipStream_t) { return hipErrorNoDevice; }

hipError_t hipStreamCreate(hipStream_t*) { return hipErrorNoDevice; }
hipError_t hipStreamCreateWithFlags(hipStream_t*, unsigned int) { return hipErrorNoDevice; }
hipError_t hipStreamDestroy(hipStream_t) { return hipErrorNoDevice; }
hipError_t hipStreamSynchronize(hipStream_t) { return hipErrorNoDevice; }
hipError_t hipStreamQuery(hipStream_t) { return hipErrorNoDevice; }
hipError_t hipStreamWaitEvent(hipStream_t, hipEvent_t, unsigned int) { return hipErrorNoDevice; }

hipError_t hipEventCreate(hipEvent_t*) { return hipErrorNoDevice; }
hipError_t hipEventCreateWithFlags(hipEvent_t*, unsigned int) { return hipErrorNoDevice; }
hipError_t hipEventDestroy(hipEvent_t) { return hipErrorNoDevice; }
hipError_t hipEventRecord(hipEvent_t, hipStream_t) { return hipErrorNoDevice; }
hipError_t hipEventSynchronize(hipEvent_t) { return hipErrorNoDevice; }
hipError_t hipEventElapsedTime(float*, hipEvent_t, hipEvent_t) { return hipErrorNoDevice; }

hipError_t hipStreamBeginCapture(hipStream_t, hipStreamCaptureMode) { return hipErrorNoDevice; }
hipError_t hipStreamEndCapture(hipStream_t, hipGraph_t*) { return hipErrorNoDevice; }
hipError_t hipGraphInstantiate(hipGraphExec_t*, hipGraph_t, hipGraphNode_t*, char*, size_t) {
  return hipErrorNoDevice;
}
hipError_t hipGraphLaunch(hipGraphExec_t, hipStream_t) { return hipErrorNoDevice; }
hipError_t hipGraphExecDestroy(hipGraphExec_t) { return hipErrorNoDevice; }
hipError_t hipGraphDestroy(hipGraph_t) { return hipErrorNoDevice; }

hipError_t hipFuncSetAttribute(const void*, hipFuncAttribute, int) { return hipErrorNoDevice; }
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int*, const void*, int, size_t) {
  return hipErrorNoDevice;
}
